import type { DownloadFormat } from '#shared/orders/downloads.ts';
import type { DownloadLink, DownloadList } from '#shared/orders/downloads-schema.ts';
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
};
