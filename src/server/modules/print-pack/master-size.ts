import sharp from 'sharp';
import { FileRejectedError } from '../../errors';
import { MAX_MASTER_PIXELS } from '#shared/prints/master-print-sizes.ts';
import type { Size } from '#shared/prints/ratio-crop.ts';

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
