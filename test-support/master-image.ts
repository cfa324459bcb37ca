import sharp, { type Sharp } from 'sharp';

/**
 * A master the store takes (uploads' master-image-check.ts): by default 1200 × 1500 px, the least that prints
 * 8 × 10 in at 150 DPI. Flat, so it is a few kilobytes however many pixels it has: the check is about pixels.
 */
export function masterPng(width = 1200, height = 1500, background = '#b4532a'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * A master of noise, stored uncompressed, so its file is as large as its pixels (3 bytes each): large enough to be
 * sent in several parts of an upload (1200 × 1600: about 6 MB).
 */
export function noisyMasterPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A 16-bit RGB gradient, `width` × `height`, as a sharp pipeline to encode: sharp keeps the 16 bits in a PNG
 * (`toColourspace('rgb16')`), and in a TIFF once it also carries an ICC profile (`withIccProfile`).
 */
export function gradient16(width = 1500, height = 1200): Sharp {
  const pixels = new Uint16Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const ramp = Math.round(((i % width) / width) * 65535);
    pixels.set([ramp, 30000, 65535 - ramp], i * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}
