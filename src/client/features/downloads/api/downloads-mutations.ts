import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DownloadFormat } from '#shared/orders/downloads.ts';
import type { RatioId } from '#shared/prints/print-sizes.ts';
import { downloadsApi } from './downloads-api';
import { downloadsKeys } from './downloads-queries';

export interface DownloadRequest {
  itemId: number;
  format: DownloadFormat;
  /** One ratio's file of the print pack; none: the master. */
  ratio?: RatioId;
}

export function requestDownloadMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ itemId, format, ratio }: DownloadRequest) => downloadsApi.link(itemId, format, ratio),
    // Each link handed out counts towards the item's limit, and a refusal may mean the order changed: show the
    // library as the server now sees it. Not awaited: the file should start without waiting for the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: downloadsKeys.library }),
  });
}

export const useRequestDownload = () => useMutation(requestDownloadMutation(useQueryClient()));

/** "Download all (ZIP)": one link for the whole pack, counted as one download. */
export function requestZipMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (itemId: number) => downloadsApi.zip(itemId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: downloadsKeys.library }),
  });
}

export const useRequestZip = () => useMutation(requestZipMutation(useQueryClient()));
