import { CATALOG_FILTERS, CATALOG_SORTS, type CatalogFilter, type CatalogSort } from '../../../shared/catalog-query';
import { isCategoryId, type CategoryId } from '../../../shared/categories';

export const SHOP_PAGE_SIZE = 24;

/** The shop's whole state, read from and written to the query string so a view can be shared and reloaded. */
export interface ShopState {
  q: string;
  category: CategoryId | undefined;
  filter: CatalogFilter | undefined;
  sort: CatalogSort;
  page: number;
}

export function readShopState(params: URLSearchParams): ShopState {
  const category = params.get('category')?.toLowerCase() ?? '';
  const filter = params.get('filter') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    category: isCategoryId(category) ? category : undefined,
    filter: (CATALOG_FILTERS as readonly string[]).includes(filter) ? (filter as CatalogFilter) : undefined,
    sort: (CATALOG_SORTS as readonly string[]).includes(sort) ? (sort as CatalogSort) : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from the defaults goes into the URL, so the plain shop stays at /shop. */
export function writeShopState(state: ShopState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.category) params.set('category', state.category);
  if (state.filter) params.set('filter', state.filter);
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
