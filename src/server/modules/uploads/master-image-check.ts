import sharp from 'sharp';
import { masterTooSmall } from '#shared/prints/master-print-reach.ts';
import type { Size } from '#shared/prints/ratio-crop.ts';
import { MAX_MASTER_PIXELS } from '#shared/prints/master-print-sizes.ts';
import { decodeWholeInChild, type DecodeOptions } from './decode-in-child';
import { ImageRejectedError } from './image-pipeline';

/**
 * Checks an image master where it was streamed to on disk, and answers its size the right way up (after its EXIF
 * orientation): the size the print pack crops and the owner's form shows. In order, cheapest first:
 * - its header must read, and claim at most MAX_MASTER_PIXELS (120 MP), asked before any pixel is decoded;
 * - it must decode whole: every pixel read once, in order, down to a thumbnail, so a 120 MP master costs a
 *   strip of rows in memory, not the picture, and one cut short or damaged is refused (`failOn: 'error'`), in a
 *   child process (decode-in-child.ts). The decode is also limited to MAX_MASTER_PIXELS, so a header that lies
 *   about the size gains nothing;
 * - it must print 8 × 10 in at 150 DPI (masterTooSmall), checked last so a small file that is also damaged is
 *   called damaged: a small image decodes in no time.
 * 16-bit and CMYK masters pass as they are; the pack turns them into 8-bit sRGB.
 */
export async function checkMasterImage(file: string, decode: DecodeOptions = {}): Promise<Size> {
  let size: Size;
  try {
    // Reading the header decodes no pixels, so the size may be asked without a limit, and refused below.
    const { autoOrient } = await sharp(file, { limitInputPixels: false }).metadata();
    size = { width: autoOrient.width, height: autoOrient.height };
  } catch {
    throw new ImageRejectedError('The image could not be read: the file is damaged or not an image.');
  }
  if (!size.width || !size.height) throw new ImageRejectedError('The image has no size.');
  const megapixels = (size.width * size.height) / 1_000_000;
  if (size.width * size.height > MAX_MASTER_PIXELS) {
    throw new ImageRejectedError(
      `The master is too large: ${size.width} × ${size.height} px is ${megapixels.toFixed(1)} megapixels, and a ` +
        `master may have at most ${MAX_MASTER_PIXELS / 1_000_000} megapixels.`,
    );
  }
  try {
    await decodeWholeInChild(file, MAX_MASTER_PIXELS, decode);
  } catch {
    throw new ImageRejectedError('The image could not be read whole: the file is damaged or cut short.');
  }
  const tooSmall = masterTooSmall(size);
  if (tooSmall) throw new ImageRejectedError(`The master is too small: ${tooSmall}`);
  return size;
}
