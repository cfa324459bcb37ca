import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadsApi } from './downloads-api';

export const downloadsKeys = {
  library: ['downloads'] as const,
};

/** The buyer's library. Always asked again on opening: a refund or a dispute may have changed it meanwhile. */
export const downloadsQuery = queryOptions({
  queryKey: downloadsKeys.library,
  queryFn: ({ signal }) => downloadsApi.list(signal),
  select: (data) => data.orders,
  staleTime: 0,
});

export function useDownloads() {
  return useQuery(downloadsQuery);
}
