import { z } from 'zod';
import {
  adminArtworkSchema,
  uploadResponseSchema,
  type AdminArtwork,
  type UploadedFile,
  type UploadKind,
} from '../../../../shared/artwork-write';
import { ApiError, fetchJson } from '../../../lib/api-client';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const adminApi = {
  list: async (): Promise<AdminArtwork[]> =>
    (await fetchJson('/api/admin/artworks', z.object({ items: z.array(adminArtworkSchema) }))).items,
  get: (id: string) => fetchJson(`/api/admin/artworks/${encodeURIComponent(id)}`, adminArtworkSchema),
  create: (body: object) => fetchJson('/api/artworks', adminArtworkSchema, json('POST', body)),
  update: (id: number, body: object) => fetchJson(`/api/artworks/${id}`, adminArtworkSchema, json('PUT', body)),
  remove: (id: number) => fetchJson(`/api/artworks/${id}`, z.null(), { method: 'DELETE' }),
  bulk: (body: object) => fetchJson('/api/artworks', z.object({ changed: z.number() }), json('PATCH', body)),
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
      resolve(uploadResponseSchema.parse(body).files);
    };
    xhr.send(form);
  });
}
