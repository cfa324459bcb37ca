import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BroadcastWrite } from '#shared/mailing/broadcast-schema.ts';
import { broadcastsApi } from './broadcasts-api';

const keys = {
  all: ['broadcasts'] as const,
  one: (id: number) => ['broadcasts', id] as const,
};

export const useBroadcasts = () =>
  useQuery({ queryKey: keys.all, queryFn: ({ signal }) => broadcastsApi.list(signal) });

/** One broadcast; asked again every second while it is being sent, so the progress bar moves. */
export const useBroadcast = (id: number) =>
  useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => broadcastsApi.get(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 1_000 : false),
  });

export function useSaveBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: BroadcastWrite }) =>
      id === undefined ? broadcastsApi.create(body) : broadcastsApi.update(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.one(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: keys.all, exact: true });
    },
  });
}

export const useSendTest = () => useMutation({ mutationFn: (id: number) => broadcastsApi.sendTest(id) });

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ratePerMinute }: { id: number; ratePerMinute: number }) => broadcastsApi.send(id, ratePerMinute),
    onSuccess: (sent) => {
      queryClient.setQueryData(keys.one(sent.id), sent);
      return queryClient.invalidateQueries({ queryKey: keys.all, exact: true });
    },
  });
}
