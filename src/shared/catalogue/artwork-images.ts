// How an artwork's pictures are chosen and described to the browser, the same on the server (preloads, share
// tags, stored fields) and in the pages. No zod here: the pages use it on first load.
import type { ImageRendition } from './artwork-schema';

/** The width the main picture is chosen at: sharp on a phone's full width and in the detail column. */
const MAIN_IMAGE_MIN_WIDTH = 800;

/** The picture an artwork is shown and shared with: the first rendition at least 800 px wide, else the largest. */
export function mainImageOf<T extends ImageRendition>(images: readonly T[]): T | undefined {
  const byWidth = [...images].sort((a, b) => a.width - b.width);
  return byWidth.find((image) => image.width >= MAIN_IMAGE_MIN_WIDTH) ?? byWidth.at(-1);
}

export function srcsetOf(images: readonly ImageRendition[]): string {
  return images.map((image) => `${image.url} ${image.width}w`).join(', ');
}

/**
 * The CSS width each picture takes, for `sizes`. The server's preload of the artwork page's main picture must say
 * the same as the page, or the browser preloads one rendition and shows another.
 */
export const IMAGE_SIZES = {
  artworkMain: '(max-width: 900px) 100vw, 560px',
  card: '(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 300px',
  heroTile: '(max-width: 768px) 45vw, 240px',
} as const;
