import {
  CATALOG_FILTERS,
  CATALOG_SEARCH_MAX_LENGTH,
  CATALOG_SORTS,
  type CatalogFilter,
  type CatalogSort,
} from '#shared/catalogue/catalogue-query.ts';
import { isCategoryId, type CategoryId } from '#shared/catalogue/categories.ts';
import {
  COLOR_FAMILIES,
  FRAME_VALUES,
  ORIENTATIONS,
  type ColorFamily,
  type Orientation,
} from '#shared/catalogue/browse-facets.ts';

export const SHOP_PAGE_SIZE = 24;

/** The price sliders: 0 to 100 (the store's currency) in steps of 5. */
export const PRICE_RANGE = { min: 0, max: 100, step: 5 } as const;

/** The shop's whole state, read from and written to the query string so a view can be shared and reloaded. */
export interface ShopState {
  q: string;
  category: CategoryId | undefined;
  filter: CatalogFilter | undefined;
  /** One colour family at a time (decision 0050). */
  color: ColorFamily | undefined;
  orientation: Orientation | undefined;
  /** "Fits my frame": a standard print size's value ('8x10', 'a4', '50x70cm'). */
  frame: string | undefined;
  sort: CatalogSort;
  /** Inclusive price bounds; the slider ends (0 and 100) mean "no bound". */
  minPrice: number;
  maxPrice: number;
  page: number;
}

function readPrice(value: string | null, fallback: number): number {
  const price = Number(value);
  if (value === null || value === '' || !Number.isFinite(price)) return fallback;
  return Math.min(PRICE_RANGE.max, Math.max(PRICE_RANGE.min, price));
}

/** The value if it is one of `allowed` (compared in lower case, as old or hand-typed links may differ), else none. */
function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  const lower = value?.toLowerCase() ?? '';
  return (allowed as readonly string[]).includes(lower) ? (lower as T) : undefined;
}

export function readShopState(params: URLSearchParams): ShopState {
  const category = params.get('category')?.toLowerCase() ?? '';
  const filter = params.get('filter') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  const minPrice = readPrice(params.get('minPrice'), PRICE_RANGE.min);
  const maxPrice = readPrice(params.get('maxPrice'), PRICE_RANGE.max);
  return {
    // A longer search typed into the address bar would only get an error from the API.
    q: (params.get('q') ?? '').slice(0, CATALOG_SEARCH_MAX_LENGTH),
    category: isCategoryId(category) ? category : undefined,
    filter: (CATALOG_FILTERS as readonly string[]).includes(filter) ? (filter as CatalogFilter) : undefined,
    color: oneOf(COLOR_FAMILIES, params.get('color')),
    orientation: oneOf(ORIENTATIONS, params.get('orientation')),
    frame: oneOf(FRAME_VALUES, params.get('frame')),
    sort: (CATALOG_SORTS as readonly string[]).includes(sort) ? (sort as CatalogSort) : 'newest',
    minPrice: Math.min(minPrice, maxPrice),
    maxPrice: Math.max(minPrice, maxPrice),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from the defaults goes into the URL, so the plain shop stays at /shop. */
export function writeShopState(state: ShopState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.category) params.set('category', state.category);
  if (state.filter) params.set('filter', state.filter);
  if (state.color) params.set('color', state.color);
  if (state.orientation) params.set('orientation', state.orientation);
  if (state.frame) params.set('frame', state.frame);
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.minPrice > PRICE_RANGE.min) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice < PRICE_RANGE.max) params.set('maxPrice', String(state.maxPrice));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** What the catalogue API is asked for this state: slider ends leave the price open on that side. */
export function catalogRequestOf(state: ShopState) {
  return {
    q: state.q || undefined,
    category: state.category,
    filter: state.filter,
    color: state.color,
    orientation: state.orientation,
    frame: state.frame,
    sort: state.sort,
    minPrice: state.minPrice > PRICE_RANGE.min ? state.minPrice : undefined,
    maxPrice: state.maxPrice < PRICE_RANGE.max ? state.maxPrice : undefined,
    limit: SHOP_PAGE_SIZE,
    offset: (state.page - 1) * SHOP_PAGE_SIZE,
  };
}

/** How many of the Filters panel's filters are set (colour, orientation, frame, price): the count on its button. */
export function panelFilterCount(state: ShopState): number {
  const price = state.minPrice > PRICE_RANGE.min || state.maxPrice < PRICE_RANGE.max;
  return [state.color, state.orientation, state.frame, price].filter(Boolean).length;
}

export function hasActiveFilters(state: ShopState): boolean {
  return Boolean(state.q || state.category || state.filter || state.sort !== 'newest' || panelFilterCount(state) > 0);
}
