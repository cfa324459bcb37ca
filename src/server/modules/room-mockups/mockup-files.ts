import { createHash } from 'node:crypto';
import type { ImageRendition } from '#shared/catalogue/artwork-schema.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import type { MockupScene } from './scenes';

/** An artwork's mockups as the artworks.mockups column keeps them. */
export interface StoredMockup {
  scene: MockupScene;
  images: ImageRendition[];
}

/**
 * Where a mockup rendition is kept in the public store. The hash names the picture and the job that made it: a
 * new picture, or the same one made again, never writes over a file a page may still show, and a late clean-up
 * of superseded files cannot remove a newer one.
 */
export function mockupKey(
  artworkId: number,
  scene: MockupScene,
  job: { source_url: string; token: string },
  width: number,
) {
  const hash = createHash('sha256').update(`${job.source_url}\n${job.token}`).digest('hex').slice(0, 12);
  return `mockups/${artworkId}-${scene}-${hash}-${width}.webp`;
}

/** The key of a file of this public store from its address; null for an address of somewhere else. */
export function publicKeyOf(store: StorageProvider, url: string): string | null {
  const base = store.publicUrl('');
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return key && !key.split('/').includes('..') ? key : null;
}

export function parseStoredMockups(json: string): StoredMockup[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as StoredMockup[]) : [];
  } catch {
    return [];
  }
}
