// The pictures of the palettes' backfill, each shrunk to the few pixels a palette is read from; the parent is
// modules/artworks/palette/palette-reader.ts, which says why in a child. This file imports nothing but sharp.
import sharp from 'sharp';
import { shrinkToPixels, type Pixels, type ShrinkOptions } from './shrink-to-pixels';

export interface ShrinkRequest {
  id: number;
  picture: Uint8Array;
  options: ShrinkOptions;
}

export type ShrinkReply = { id: number; pixels: Pixels } | { id: number; error: string };

// Each picture is read once and shrunk to 100 px: the cache would only keep its bitmap alive, and more threads give
// such a small result nothing but a malloc arena each.
sharp.cache(false);
sharp.concurrency(1);

process.on('message', ({ id, picture, options }: ShrinkRequest) => {
  shrinkToPixels(Buffer.from(picture.buffer, picture.byteOffset, picture.byteLength), options)
    .then(
      (pixels) => process.send?.({ id, pixels } satisfies ShrinkReply),
      (error: unknown) => process.send?.({ id, error: String(error) } satisfies ShrinkReply),
    )
    .catch(() => undefined);
});
