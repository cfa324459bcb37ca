import { mutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isJobActive } from '#shared/jobs/job-status.ts';
import { setsApi, type SetWriteBody } from './sets-api';
import { setKeys } from './sets-queries';

// The owner's sets and changes to them; every change asks the visitors' set queries again.

/** The owner's sets; asked again every few seconds while a gallery-wall cover is being drawn. */
export const useOwnerSets = () =>
  useQuery({
    queryKey: setKeys.owner,
    queryFn: ({ signal }) => setsApi.ownerList(signal),
    refetchInterval: (query) => (query.state.data?.some((set) => isJobActive(set.coverStatus)) ? 3_000 : false),
  });

export function useSaveSet() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationFn: ({ id, body }: { id?: number; body: SetWriteBody }) =>
        id === undefined ? setsApi.create(body) : setsApi.update(id, body),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: setKeys.all }),
    }),
  );
}

export function useDeleteSet() {
  const queryClient = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationFn: (id: number) => setsApi.remove(id),
      onSettled: () => queryClient.invalidateQueries({ queryKey: setKeys.all }),
    }),
  );
}
