import sharp from 'sharp';

export interface ShrinkOptions {
  /** The largest width and height of the result (never enlarged). */
  edge: number;
  /** A picture claiming more pixels than this is refused before it is decoded. */
  limitInputPixels: number;
}

/** sRGB, 8 bits a channel, with alpha: 4 bytes a pixel. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * A picture shrunk to at most `edge` pixels a side, as its raw sRGB + alpha bytes, decoded with `failOn: 'error'`.
 * The palette is read from these pixels; the decode is what takes memory, so the palettes' backfill runs it in a
 * child (read-palette-child.ts), and an owner's save in the store's own process. The file imports nothing but sharp.
 */
export async function shrinkToPixels(picture: Buffer | string, options: ShrinkOptions): Promise<Pixels> {
  const { data, info } = await sharp(picture, { limitInputPixels: options.limitInputPixels, failOn: 'error' })
    // A linear filter: Lanczos' ringing would add colours the picture does not have along its sharp edges.
    .resize(options.edge, options.edge, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
