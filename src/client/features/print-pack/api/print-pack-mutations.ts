import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OwnerPrintPack, PrintPackUpdate } from '#shared/prints/print-pack-schema.ts';
import type { RatioId } from '#shared/prints/print-sizes.ts';
import { printPackApi } from './print-pack-api';
import { printPackKeys } from './print-pack-queries';

// Both answers are the whole pack as it now is: it replaces the cached one at once (which also starts the polling,
// as the pack is queued again), and the dashboard's list is marked stale for its next visit.
function showAnswer(queryClient: QueryClient, artworkId: number, pack: OwnerPrintPack) {
  queryClient.setQueryData(printPackKeys.detail(artworkId), pack);
  return queryClient.invalidateQueries({ queryKey: printPackKeys.list });
}

export function savePrintPackMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ artworkId, update }: { artworkId: number; update: PrintPackUpdate }) =>
      printPackApi.save(artworkId, update),
    onSuccess: (pack, { artworkId }) => showAnswer(queryClient, artworkId, pack),
  });
}

export function retryPrintFileMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ artworkId, ratio }: { artworkId: number; ratio: RatioId }) => printPackApi.retry(artworkId, ratio),
    onSuccess: (pack, { artworkId }) => showAnswer(queryClient, artworkId, pack),
  });
}

export const useSavePrintPack = () => useMutation(savePrintPackMutation(useQueryClient()));
export const useRetryPrintFile = () => useMutation(retryPrintFileMutation(useQueryClient()));
