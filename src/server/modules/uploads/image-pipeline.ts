import { renditionWidths } from '../../operations/children/rendition-widths';
import sharp, { type Metadata, type Sharp } from 'sharp';

/** 50 megapixels: above any print file we expect, far below what a decompression bomb asks for. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const RENDITION_WIDTHS = [400, 800, 1600] as const;

export interface ProcessedImage {
  width: number;
  height: number;
  /** The upload re-encoded in its own format without metadata (camera, GPS, editing history). */
  original: { body: Buffer; contentType: string };
  renditions: Array<{ width: number; height: number; body: Buffer }>;
}

const OUTPUT: Record<string, (image: Sharp) => Sharp> = {
  'image/png': (image) => image.png({ compressionLevel: 9 }),
  'image/jpeg': (image) => image.jpeg({ quality: 92, mozjpeg: true }),
  'image/webp': (image) => image.webp({ quality: 92 }),
  'image/gif': (image) => image.gif(),
};

export class ImageRejectedError extends Error {}

/**
 * Reads an image once: refuses one that claims more pixels than MAX_INPUT_PIXELS before decoding it, turns it
 * upright by its EXIF orientation, drops all metadata, and makes WebP renditions for srcset (never enlarged).
 */
export async function processImage(bytes: Buffer, mime: string): Promise<ProcessedImage> {
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels, so here the size may be asked without a limit, and refused below.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('The image could not be read: the file is damaged or not an image.');
  }
  if (!meta.width || !meta.height) throw new ImageRejectedError('The image has no size.');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(`The image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`);
  }

  try {
    const upright = input().rotate();
    const encode = OUTPUT[mime] ?? OUTPUT['image/png']!;
    const original = await encode(upright.clone()).toBuffer({ resolveWithObject: true });
    const renditions = await Promise.all(
      renditionWidths(RENDITION_WIDTHS, original.info.width).map(async (width) => {
        const { data, info } = await upright
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, body: data };
      }),
    );
    return {
      width: original.info.width,
      height: original.info.height,
      original: { body: original.data, contentType: mime in OUTPUT ? mime : 'image/png' },
      renditions,
    };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError('The image could not be processed: the file is damaged or not an image.');
  }
}
