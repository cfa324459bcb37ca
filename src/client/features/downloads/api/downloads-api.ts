import type { DownloadFormat } from '#shared/downloads.ts';
import type { DownloadLink, DownloadList } from '#shared/downloads-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

export const downloadsApi = {
  list: (signal?: AbortSignal) => fetchJson<DownloadList>('/api/downloads', { signal }),
  /** A short-lived link to one bought file, handed out (and logged) only after the server's checks. */
  link: (itemId: number, format: DownloadFormat) => postJson<DownloadLink>(`/api/downloads/${itemId}`, { format }),
};
