// An artwork with a private file for a scenario's sales, made by the owner straight on one instance (from an
// address of its own, so the sign-in does not count against the balancer's).
import { randomBytes } from 'node:crypto';
import { clientAddress } from './customers';
import { expect } from '../benchmarks/shared/store-http';
import { pngImage } from './images';
import type { Cluster } from './scenario';
import { signIn, upload } from './store-steps';

export async function saleArtwork(
  cluster: Cluster,
  origin: string,
  price: number,
  tag: string,
): Promise<{ id: number; ownerCookie: string }> {
  const owner = await signIn(origin, cluster.owner, clientAddress());
  const preview = await upload(origin, owner.cookie, 'preview', {
    name: `${tag}-preview.png`,
    content: await pngImage(640, 480),
    contentType: 'image/png',
  });
  const original = await upload(origin, owner.cookie, 'private', {
    name: `${tag}-original.png`,
    content: await pngImage(1200, 1500),
    contentType: 'image/png',
  });
  const artwork = await expect<{ id: number }>(201, origin, 'POST', '/api/artworks', {
    cookie: owner.cookie,
    body: {
      title: `${tag} ${randomBytes(4).toString('hex')}`,
      artist: 'Cluster Harness',
      price,
      description: `For the ${tag} scenario.`,
      category: 'abstract',
      previewUrl: preview.url,
      privateFileKey: original.path,
    },
  });
  return { id: artwork.body.id, ownerCookie: owner.cookie };
}
