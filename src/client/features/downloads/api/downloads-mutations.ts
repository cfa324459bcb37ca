import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DownloadFormat } from '#shared/downloads.ts';
import { downloadsApi } from './downloads-api';
import { downloadsKeys } from './downloads-queries';

export interface DownloadRequest {
  itemId: number;
  format: DownloadFormat;
}

export function requestDownloadMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ itemId, format }: DownloadRequest) => downloadsApi.link(itemId, format),
    // Each link handed out counts towards the item's limit, and a refusal may mean the order changed: show the
    // library as the server now sees it. Not awaited: the file should start without waiting for the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: downloadsKeys.library }),
  });
}

export const useRequestDownload = () => useMutation(requestDownloadMutation(useQueryClient()));
