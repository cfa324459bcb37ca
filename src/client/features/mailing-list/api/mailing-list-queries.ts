import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentKind, ConsentStatus } from '#shared/mailing/consent-kinds.ts';
import { mailingListApi } from './mailing-list-api';

export interface SubscriberFilter {
  kind?: ConsentKind;
  status?: ConsentStatus;
}

export const subscribersQuery = (filter: SubscriberFilter) =>
  queryOptions({
    queryKey: ['admin', 'mailing-list', filter.kind ?? '', filter.status ?? ''] as const,
    queryFn: () => mailingListApi.subscribers(filter),
    staleTime: 0,
  });

export const useSubscribers = (filter: SubscriberFilter) => useQuery(subscribersQuery(filter));

/** An import changes the list: every filtered view of it is asked for again. */
export function useImportList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => mailingListApi.importCsv(csv),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'mailing-list'] }),
  });
}
