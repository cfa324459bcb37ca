import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import type { CatalogPage, CatalogQuery } from '#shared/catalogue/catalogue-query-schema.ts';
import type { CategoryList } from '#shared/catalogue/category-summary-schema.ts';
import { ApiError, fetchJson } from '#client/lib/api-client.ts';
import { catalogKeys } from '#client/lib/catalogue-keys.ts';

export type CatalogRequest = Partial<CatalogQuery>;

export function catalogSearchParams(request: CatalogRequest): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

// Query definitions, shared by the hooks below and by the server renderer, which loads them before rendering.

export function artworksQuery(request: CatalogRequest) {
  const query = catalogSearchParams(request).toString();
  return queryOptions({
    queryKey: catalogKeys.list(query),
    queryFn: ({ signal }) => fetchJson<CatalogPage>(`/api/artworks?${query}`, { signal }),
  });
}

export function artworkQuery(id: string) {
  return queryOptions({
    queryKey: catalogKeys.detail(id),
    // An unknown artwork (or an id that cannot be one: 400) is an answer, null, not a failure: the server renders
    // its not-found page, hands that answer to the browser with the page, and sends status 404.
    queryFn: ({ signal }) =>
      fetchJson<ArtworkDetail>(`/api/artworks/${encodeURIComponent(id)}`, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }),
    retry: false,
  });
}

export const categoriesQuery = queryOptions({
  queryKey: catalogKeys.categories,
  queryFn: ({ signal }) => fetchJson<CategoryList>('/api/categories', { signal }),
});

export function useArtworks(request: CatalogRequest) {
  // While the next page or filter loads, keep showing the current results instead of a blank grid.
  return useQuery({ ...artworksQuery(request), placeholderData: keepPreviousData });
}

/**
 * The owner's preview of an artwork's page, whatever its release (a draft, a scheduled one): the same page, read
 * through the owner's API, so visitors' answers and kept pages never hold a draft.
 */
export function artworkPreviewQuery(id: string) {
  return queryOptions({
    queryKey: catalogKeys.detail(`preview:${id}`),
    queryFn: ({ signal }) =>
      fetchJson<ArtworkDetail>(`/api/admin/artworks/${encodeURIComponent(id)}/preview`, { signal }).catch(
        (error: unknown) => {
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
          throw error;
        },
      ),
    retry: false,
  });
}

export function useArtwork(id: string, { preview = false }: { preview?: boolean } = {}) {
  return useQuery(preview ? artworkPreviewQuery(id) : artworkQuery(id));
}

export function useCategories() {
  return useQuery({ ...categoriesQuery, select: (data) => data.items });
}
