import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { multipart } from './multipart';

export interface UploadedPreview {
  url: string;
  images: Array<{ url: string; width: number }>;
}

/** Uploads one PNG as a preview picture, as the owner's admin does, and answers the stored file. */
export async function uploadPreviewPicture(
  app: FastifyInstance,
  cookie: string,
  png: Buffer,
): Promise<UploadedPreview> {
  const body = multipart([{ name: 'picture.png', content: png, contentType: 'image/png' }]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads?kind=preview',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  expect(response.statusCode).toBe(201);
  return response.json().files[0] as UploadedPreview;
}
