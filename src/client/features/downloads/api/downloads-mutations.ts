import { createContext, useContext } from 'react';
import { mutationOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { DownloadFormat } from '#shared/orders/downloads.ts';
import type { RatioId } from '#shared/prints/print-sizes.ts';
import { downloadsApi, type DownloadLinks } from './downloads-api';
import { downloadsKeys } from './downloads-queries';

export interface DownloadRequest {
  itemId: number;
  format: DownloadFormat;
  /** One ratio's file of the print pack; none: the master. */
  ratio?: RatioId;
}

/**
 * Whose library the download buttons below serve: the account's (the default), or a guest order's through its
 * signed link (guest-library-view.tsx provides that one), with the query to refresh after each link.
 */
export const DownloadSource = createContext<{ links: DownloadLinks; libraryKey: QueryKey }>({
  links: downloadsApi,
  libraryKey: downloadsKeys.library,
});

export function requestDownloadMutation(
  queryClient: QueryClient,
  source: { links: DownloadLinks; libraryKey: QueryKey } = { links: downloadsApi, libraryKey: downloadsKeys.library },
) {
  return mutationOptions({
    mutationFn: ({ itemId, format, ratio }: DownloadRequest) => source.links.link(itemId, format, ratio),
    // Each link handed out counts towards the item's limit, and a refusal may mean the order changed: show the
    // library as the server now sees it. Not awaited: the file should start without waiting for the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: source.libraryKey }),
  });
}

export const useRequestDownload = () =>
  useMutation(requestDownloadMutation(useQueryClient(), useContext(DownloadSource)));

/** "Download all (ZIP)": one link for the whole pack, counted as one download. */
export function requestZipMutation(
  queryClient: QueryClient,
  source: { links: DownloadLinks; libraryKey: QueryKey } = { links: downloadsApi, libraryKey: downloadsKeys.library },
) {
  return mutationOptions({
    mutationFn: (itemId: number) => source.links.zip(itemId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: source.libraryKey }),
  });
}

export const useRequestZip = () => useMutation(requestZipMutation(useQueryClient(), useContext(DownloadSource)));

/** "Download the whole set (ZIP)": one link for every piece's pack, counted as one download of each piece. */
export function requestSetZipMutation(
  queryClient: QueryClient,
  source: { links: DownloadLinks; libraryKey: QueryKey } = { links: downloadsApi, libraryKey: downloadsKeys.library },
) {
  return mutationOptions({
    mutationFn: (itemId: number) => source.links.setZip(itemId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: source.libraryKey }),
  });
}

export const useRequestSetZip = () => useMutation(requestSetZipMutation(useQueryClient(), useContext(DownloadSource)));
