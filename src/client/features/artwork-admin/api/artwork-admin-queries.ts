import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from './artwork-admin-api';

/**
 * The owner's cache keys. The list and the single artworks sit under different prefixes so that refreshing the
 * list does not also refetch every artwork the owner has opened.
 */
export const adminKeys = {
  list: ['admin', 'artworks'] as const,
  detail: (id: number | string) => ['admin', 'artwork', String(id)] as const,
};

export const adminArtworksQuery = queryOptions({
  queryKey: adminKeys.list,
  queryFn: ({ signal }) => adminApi.list(signal),
});

export function adminArtworkQuery(id: string) {
  return queryOptions({
    queryKey: adminKeys.detail(id),
    queryFn: ({ signal }) => adminApi.get(id, signal),
    // A missing artwork or a refused session will not answer differently a second time.
    retry: false,
  });
}

export function useAdminArtworks() {
  return useQuery(adminArtworksQuery);
}

export function useAdminArtwork(id: string) {
  return useQuery(adminArtworkQuery(id));
}
