import type {
  AdminArtwork,
  AdminArtworkList,
  BulkChange,
  BulkChangeResponse,
  UploadedFile,
  UploadResponse,
} from '#shared/catalogue/artwork-write-schema.ts';
import type { UploadKind } from '#shared/catalogue/artwork-write.ts';
import { ApiError, apiErrorFrom, fetchJson } from '#client/lib/api-client.ts';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const adminApi = {
  list: async (signal?: AbortSignal): Promise<AdminArtwork[]> =>
    (await fetchJson<AdminArtworkList>('/api/admin/artworks', { signal })).items,
  get: (id: string, signal?: AbortSignal) =>
    fetchJson<AdminArtwork>(`/api/admin/artworks/${encodeURIComponent(id)}`, { signal }),
  create: (body: object) => fetchJson<AdminArtwork>('/api/artworks', json('POST', body)),
  update: (id: number, body: object) => fetchJson<AdminArtwork>(`/api/artworks/${id}`, json('PUT', body)),
  remove: (id: number) => fetchJson<null>(`/api/artworks/${id}`, { method: 'DELETE' }),
  bulk: (body: BulkChange) => fetchJson<BulkChangeResponse>('/api/artworks', json('PATCH', body)),
};

/**
 * Uploads through XMLHttpRequest rather than fetch: only XHR reports upload progress, which the form shows as a
 * progress bar. `onProgress` gets the bytes sent so far.
 */
export function uploadFiles(
  kind: UploadKind,
  files: File[],
  onProgress: (sentBytes: number) => void,
): Promise<UploadedFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/uploads?kind=${kind}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    // With responseType 'json' a body that is not JSON arrives as null, as fetchJson's parse failure does.
    xhr.onload = () => {
      if (xhr.status !== 201) return reject(apiErrorFrom(xhr.status, xhr.statusText, xhr.response));
      resolve((xhr.response as UploadResponse).files);
    };
    xhr.send(form);
  });
}
