import type { ImportPreview, ImportProgress } from '#shared/imports/import-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

export const importApi = {
  /** Sends the CSV; the store answers what it understood, and keeps it until the owner confirms. */
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return fetchJson<ImportPreview>('/api/admin/imports', { method: 'POST', body });
  },
  confirm: (id: number, rates: Record<string, number>) =>
    postJson<ImportProgress>(`/api/admin/imports/${id}/confirm`, { rates }),
  progress: (id: number, signal?: AbortSignal) =>
    fetchJson<ImportProgress>(`/api/admin/imports/${id}/progress`, { signal }),
};
