// The palettes of the picture facts backfill, read one picture after another; the parent is
// modules/artworks/palette/palette-reader.ts, which says why in a child. This file imports nothing but the palette's
// reading (sharp and pure maths), so the child stays small.
import sharp from 'sharp';
import type { PaletteColor } from '#shared/catalogue/browse-facets.ts';
import { extractPalette } from '../../modules/artworks/palette/extract-palette';

export interface PaletteRequest {
  id: number;
  picture: Uint8Array;
}

export type PaletteReply = { id: number; palette: PaletteColor[] } | { id: number; error: string };

// Each picture is read once and shrunk to 100 px: the cache would only keep its bitmap alive, and threads give a
// 100 px sample nothing but an arena each.
sharp.cache(false);
sharp.concurrency(1);

process.on('message', ({ id, picture }: PaletteRequest) => {
  extractPalette(Buffer.from(picture.buffer, picture.byteOffset, picture.byteLength))
    .then(
      (palette) => process.send?.({ id, palette } satisfies PaletteReply),
      (error: unknown) => process.send?.({ id, error: String(error) } satisfies PaletteReply),
    )
    .catch(() => undefined);
});
