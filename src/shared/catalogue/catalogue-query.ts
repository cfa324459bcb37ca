// What the shop can sort and filter by; no zod here, so the shop page's code stays small.

export const CATALOG_SORTS = ['newest', 'oldest', 'price-low', 'price-high', 'popular'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

export const CATALOG_FILTERS = ['featured', 'new'] as const;
export type CatalogFilter = (typeof CATALOG_FILTERS)[number];

export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_MAX_PAGE_SIZE = 100;
/** Longer searches are refused by the API; the search box stops there. */
export const CATALOG_SEARCH_MAX_LENGTH = 100;
