import { queryOptions, useQuery } from '@tanstack/react-query';
import { packListPollInterval, packPollInterval } from '../pack-polling';
import { printPackApi } from './print-pack-api';

export const printPackKeys = {
  all: ['admin', 'print-pack'] as const,
  detail: (artworkId: number) => ['admin', 'print-pack', artworkId] as const,
  list: ['admin', 'print-pack', 'list'] as const,
};

export function printPackQuery(artworkId: number) {
  return queryOptions({
    queryKey: printPackKeys.detail(artworkId),
    queryFn: ({ signal }) => printPackApi.get(artworkId, signal),
    // A pack being made changes by the second: what was fetched a moment ago is already old.
    staleTime: 0,
    refetchInterval: (query) => packPollInterval(query.state.data),
  });
}

export const printPackListQuery = queryOptions({
  queryKey: printPackKeys.list,
  queryFn: ({ signal }) => printPackApi.list(signal),
  staleTime: 0,
  refetchInterval: (query) => packListPollInterval(query.state.data),
});

export const usePrintPack = (artworkId: number) => useQuery(printPackQuery(artworkId));
export const usePrintPackList = () => useQuery(printPackListQuery);
