import type { AdminArtwork, UploadedFile } from '../../../../shared/artwork-write-schema';
import type { UploadKind } from '../../../../shared/artwork-write';
import { ApiError, fetchJson } from '../../../lib/api-client';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const adminApi = {
  list: async (): Promise<AdminArtwork[]> =>
    (await fetchJson<{ items: AdminArtwork[] }>('/api/admin/artworks')).items,
  get: (id: string) => fetchJson<AdminArtwork>(`/api/admin/artworks/${encodeURIComponent(id)}`),
  create: (body: object) => fetchJson<AdminArtwork>('/api/artworks', json('POST', body)),
  update: (id: number, body: object) => fetchJson<AdminArtwork>(`/api/artworks/${id}`, json('PUT', body)),
  remove: (id: number) => fetchJson<null>(`/api/artworks/${id}`, { method: 'DELETE' }),
  bulk: (body: object) => fetchJson<{ changed: number }>('/api/artworks', json('PATCH', body)),
};

/**
 * Uploads through XMLHttpRequest rather than fetch: only XHR reports upload progress, which the form shows as a
 * progress bar. `onProgress` gets the bytes sent so far.
 */
export function uploadFiles(kind: UploadKind, files: File[], onProgress: (sentBytes: number) => void): Promise<UploadedFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/uploads?kind=${kind}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onload = () => {
      const body = xhr.response as { error?: string; details?: Record<string, string[]> } | null;
      if (xhr.status !== 201) return reject(new ApiError(xhr.status, body?.error ?? `Server error: ${xhr.status} ${xhr.statusText}`, body?.details));
      resolve((body as unknown as { files: UploadedFile[] }).files);
    };
    xhr.send(form);
  });
}
