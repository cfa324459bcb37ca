import type { DownloadFormat, DownloadLink, DownloadOrder } from '../../../../shared/downloads';
import { fetchJson, postJson } from '../../../lib/api-client';

export const downloadsApi = {
  list: (signal?: AbortSignal) => fetchJson<{ orders: DownloadOrder[] }>('/api/downloads', { signal }),
  /** A short-lived link to one bought file, handed out (and logged) only after the server's checks. */
  link: (itemId: number, format: DownloadFormat) => postJson<DownloadLink>(`/api/downloads/${itemId}`, { format }),
};
