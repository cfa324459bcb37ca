import { queryOptions, useQuery } from '@tanstack/react-query';
import { libraryRefreshMs } from '../download-rules';
import { downloadsApi } from './downloads-api';

export const downloadsKeys = {
  library: ['downloads'] as const,
};

/**
 * The buyer's library. Always asked again on opening: a refund or a dispute may have changed it meanwhile; and
 * every 2 s while a print pack in it is being made, so its progress and then its files appear without a reload.
 */
export const downloadsQuery = queryOptions({
  queryKey: downloadsKeys.library,
  queryFn: ({ signal }) => downloadsApi.list(signal),
  select: (data) => data.orders,
  staleTime: 0,
  refetchInterval: (query) => libraryRefreshMs(query.state.data),
});

export function useDownloads() {
  return useQuery(downloadsQuery);
}
