import type { DownloadFormat } from '#shared/orders/downloads.ts';
import type { DownloadLink, DownloadList } from '#shared/orders/downloads-schema.ts';
import type { GuestLibrary } from '#shared/orders/guest-orders-schema.ts';
import type { MessageResponse } from '#shared/accounts/auth-schema.ts';
import type { RatioId } from '#shared/prints/print-sizes.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

export const downloadsApi = {
  list: (signal?: AbortSignal) => fetchJson<DownloadList>('/api/downloads', { signal }),
  /**
   * A short-lived link to one bought file (the master, or one ratio's file of the print pack), handed out (and
   * logged) only after the server's checks.
   */
  link: (itemId: number, format: DownloadFormat, ratio?: RatioId) =>
    postJson<DownloadLink>(`/api/downloads/${itemId}`, ratio ? { format, ratio } : { format }),
  /** A short-lived link that streams the whole print pack as one ZIP; counts as one download. */
  zip: (itemId: number) => postJson<DownloadLink>(`/api/downloads/${itemId}/zip`, {}),
  /** The whole set a line was bought in, as one ZIP; counts one download of each piece. */
  setZip: (itemId: number) => postJson<DownloadLink>(`/api/downloads/${itemId}/set-zip`, {}),
};

/** Where a library's downloads come from: the account's, or one guest order's through its signed link. */
export type DownloadLinks = Pick<typeof downloadsApi, 'link' | 'zip' | 'setZip'>;

/** A guest's order library (decision 0058), reached by the token of its signed link, with no session. */
export function guestLibraryApi(token: string) {
  const base = `/api/guest-orders/${encodeURIComponent(token)}`;
  return {
    library: (signal?: AbortSignal) => fetchJson<GuestLibrary>(base, { signal }),
    link: (itemId: number, format: DownloadFormat, ratio?: RatioId) =>
      postJson<DownloadLink>(`${base}/downloads/${itemId}`, ratio ? { format, ratio } : { format }),
    zip: (itemId: number) => postJson<DownloadLink>(`${base}/downloads/${itemId}/zip`, {}),
    setZip: (itemId: number) => postJson<DownloadLink>(`${base}/downloads/${itemId}/set-zip`, {}),
    documentPdf: (number: string) => `${base}/documents/${encodeURIComponent(number)}/pdf`,
    certificatePdf: (number: string) => `${base}/certificates/${encodeURIComponent(number)}/pdf`,
  };
}

/** "Send me my links again": the same answer whether or not the address has orders. */
export const sendLinksAgain = (email: string) => postJson<MessageResponse>('/api/guest-orders/links', { email });
