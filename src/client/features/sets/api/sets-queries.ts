import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-client.ts';
import { setsApi } from './sets-api';

// The sets' queries for visitors (the server renderer loads the same definitions). The owner's are in
// owner-sets-queries.ts, so that no visitor's page loads their code (mutations, job states).

export const setKeys = {
  all: ['sets'] as const,
  list: ['sets', 'list'] as const,
  detail: (id: string) => ['sets', 'detail', id] as const,
  ofArtwork: (artworkId: number) => ['sets', 'artwork', artworkId] as const,
  completion: (id: string, userId: number) => ['sets', 'completion', id, userId] as const,
  owner: ['sets', 'owner'] as const,
};

export const setsQuery = queryOptions({ queryKey: setKeys.list, queryFn: ({ signal }) => setsApi.list(signal) });

export function setQuery(id: string) {
  return queryOptions({
    queryKey: setKeys.detail(id),
    // A set that is unknown or off sale is an answer, null: the page says it is not available (status 404).
    queryFn: ({ signal }) =>
      setsApi.get(id, signal).catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }),
    retry: false,
  });
}

export const useSets = () => useQuery(setsQuery);
export const useSet = (id: string) => useQuery(setQuery(id));
/**
 * What completing the set costs the signed-in buyer (null `userId`: signed out, nothing asked). Loaded in the
 * browser only: the set's page is the same for everyone and may be kept by caches.
 */
export const useSetCompletion = (id: string, userId: number | null) =>
  useQuery({
    queryKey: setKeys.completion(id, userId ?? 0),
    queryFn: ({ signal }) => setsApi.completion(id, signal),
    enabled: userId !== null,
    retry: false,
  });

export const useArtworkSets = (artworkId: number | undefined) =>
  useQuery({
    queryKey: setKeys.ofArtwork(artworkId ?? 0),
    queryFn: ({ signal }) => setsApi.ofArtwork(artworkId!, signal),
    enabled: artworkId !== undefined,
  });
