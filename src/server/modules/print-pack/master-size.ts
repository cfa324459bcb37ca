import sharp from 'sharp';
import { FileRejectedError } from '../../errors';
import type { Size } from '#shared/ratio-crop.ts';

/**
 * The largest master a print pack is made from: 120 megapixels (a 300 MB TIFF, 9000 × 13,333 px, 30 × 44 in at
 * 300 DPI). Every decode of a master passes it to sharp as limitInputPixels, so a file whose header lies about its
 * size cannot make sharp decode more than this.
 */
export const MAX_MASTER_PIXELS = 120_000_000;

/** The master's size the right way up (after its EXIF orientation), read from its header without decoding it. */
export async function uprightSize(master: string | Buffer): Promise<Size> {
  const { autoOrient } = await sharp(master, { limitInputPixels: false }).metadata();
  if (autoOrient.width * autoOrient.height > MAX_MASTER_PIXELS) {
    throw new FileRejectedError(
      `The master is too large for a print pack: at most ${MAX_MASTER_PIXELS / 1_000_000} megapixels.`,
    );
  }
  return { width: autoOrient.width, height: autoOrient.height };
}
