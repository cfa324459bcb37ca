// An artwork with a large print master, made by the owner as the workspace makes it: the master drawn here, uploaded
// as the private file, then the artwork created with it, which queues its print pack.
import { randomBytes } from 'node:crypto';
import { expect } from '../benchmarks/shared/store-http';
import { grainyJpeg, pngImage } from './images';
import { upload } from './store-steps';

export interface PackArtwork {
  id: number;
  /** performance.now() when the artwork was created, so its pack queued. */
  createdAt: number;
  masterBytes: number;
  drawMs: number;
  uploadMs: number;
}

export async function createPackArtwork(
  origin: string,
  ownerCookie: string,
  master: { width: number; height: number },
  tag: string,
): Promise<PackArtwork> {
  const drawStarted = performance.now();
  const jpeg = await grainyJpeg(master.width, master.height);
  const drawMs = performance.now() - drawStarted;
  const preview = await upload(origin, ownerCookie, 'preview', {
    name: `${tag}-preview.png`,
    content: await pngImage(640, 800),
    contentType: 'image/png',
  });
  const original = await upload(origin, ownerCookie, 'private', {
    name: `${tag}-master.jpg`,
    content: jpeg,
    contentType: 'image/jpeg',
  });
  const artwork = await expect<{ id: number }>(201, origin, 'POST', '/api/artworks', {
    cookie: ownerCookie,
    body: {
      title: `${tag} ${randomBytes(4).toString('hex')}`,
      artist: 'Cluster Harness',
      price: 24,
      description: `A ${master.width} × ${master.height} master for the ${tag} scenario.`,
      category: 'abstract',
      previewUrl: preview.url,
      privateFileKey: original.path,
    },
  });
  return {
    id: artwork.body.id,
    createdAt: performance.now(),
    masterBytes: jpeg.length,
    drawMs,
    uploadMs: original.ms,
  };
}
