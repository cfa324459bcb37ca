import type { ImageRendition } from '#shared/catalogue/artwork-schema.ts';
import { artworkOrientationOf, type Orientation } from '#shared/catalogue/browse-facets.ts';
import type { StorageProvider } from '../../../providers/storage/storage-provider';

/** What an artwork's picture facts are read from: its stored picture columns. */
export interface PictureColumns {
  /** JSON list of {url, width, height}: the WebP renditions of the preview. */
  images: string;
  image_url: string | null;
  master_width: number | null;
  master_height: number | null;
}

function renditionsOf(images: string): ImageRendition[] {
  try {
    const parsed: unknown = JSON.parse(images);
    return Array.isArray(parsed) ? (parsed as ImageRendition[]) : [];
  } catch {
    return [];
  }
}

/** The largest rendition: the picture (1600 px wide at most) the palette is read from and the orientation taken of. */
export function largestRenditionOf(columns: Pick<PictureColumns, 'images'>): ImageRendition | undefined {
  return renditionsOf(columns.images).reduce<ImageRendition | undefined>(
    (largest, image) => (!largest || image.width > largest.width ? image : largest),
    undefined,
  );
}

/** The picture's orientation: by its largest rendition, else by the master's size when known, else unknown. */
export function pictureOrientationOf(columns: PictureColumns): Orientation | null {
  const largest = largestRenditionOf(columns);
  if (largest && largest.width > 0 && largest.height > 0) return artworkOrientationOf(largest.width, largest.height);
  if (columns.master_width && columns.master_height) {
    return artworkOrientationOf(columns.master_width, columns.master_height);
  }
  return null;
}

/**
 * The key in the public store behind a URL that store handed out (`publicUrl(key)` is its address followed by the
 * key, on local disk and on S3 alike), or null for a URL elsewhere: a picture on another site is never fetched.
 */
export function publicKeyOf(store: Pick<StorageProvider, 'publicUrl'>, url: string): string | null {
  let prefix: string;
  try {
    prefix = store.publicUrl('');
  } catch {
    return null;
  }
  if (!url.startsWith(prefix) || url.length === prefix.length) return null;
  const key = url.slice(prefix.length);
  // Keys are the store's own (previews/…, demo/…): a URL with a query, a fragment or a climb is not one of them.
  return /[?#]/.test(key) || key.split('/').includes('..') ? null : key;
}

/** The key of the picture a palette is read from: the largest rendition, else the main picture; null: none here. */
export function paletteSourceKeyOf(store: Pick<StorageProvider, 'publicUrl'>, columns: PictureColumns): string | null {
  const url = largestRenditionOf(columns)?.url ?? columns.image_url;
  return url ? publicKeyOf(store, url) : null;
}
