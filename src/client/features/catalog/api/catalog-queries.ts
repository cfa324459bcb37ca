import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { artworkDetailSchema } from '../../../../shared/artwork';
import { catalogPageSchema, type CatalogQuery } from '../../../../shared/catalog-query';
import { categoryListSchema } from '../../../../shared/category-summary';
import { fetchJson } from '../../../lib/api-client';
import { takeInitialData } from '../../../lib/initial-data';

export type CatalogRequest = Partial<CatalogQuery>;

export function catalogSearchParams(request: CatalogRequest): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export function useArtworks(request: CatalogRequest) {
  const query = catalogSearchParams(request).toString();
  return useQuery({
    queryKey: ['artworks', query],
    queryFn: ({ signal }) => fetchJson(`/api/artworks?${query}`, catalogPageSchema, { signal }),
    // While the next page or filter loads, keep showing the current results instead of a blank grid.
    placeholderData: keepPreviousData,
  });
}

export function useArtwork(id: string) {
  return useQuery({
    queryKey: ['artwork', id],
    queryFn: ({ signal }) => fetchJson(`/api/artworks/${encodeURIComponent(id)}`, artworkDetailSchema, { signal }),
    initialData: () => {
      const parsed = artworkDetailSchema.safeParse(takeInitialData(`artwork:${id}`));
      return parsed.success ? parsed.data : undefined;
    },
    retry: false,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: ({ signal }) => fetchJson('/api/categories', categoryListSchema, { signal }),
    select: (data) => data.items,
  });
}
