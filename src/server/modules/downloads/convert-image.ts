import sharp from 'sharp';
import type { DownloadFormat } from '#shared/orders/downloads.ts';

/** What a master without a density says nothing about: print files are made for 300 DPI. */
const DEFAULT_DPI = 300;

/**
 * Makes a deliverable format from a raster master: upright, in sRGB with the profile attached, at the master's
 * density (so it prints at the same size). JPEG has no transparency, so a transparent master lands on white;
 * quality 92 with full-resolution colour (4:4:4) keeps fine print detail.
 */
export async function convertMaster(master: Buffer, format: DownloadFormat): Promise<Buffer> {
  const { density } = await sharp(master).metadata();
  const image = sharp(master, { failOn: 'error' })
    .autoOrient()
    .withIccProfile('srgb')
    .withDensity(density ? Math.round(density) : DEFAULT_DPI);
  if (format === 'jpg') {
    return image
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4', mozjpeg: true })
      .toBuffer();
  }
  return image.png({ compressionLevel: 6 }).toBuffer();
}
