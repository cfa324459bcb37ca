import sharp from 'sharp';

/**
 * A master the store takes (uploads' master-image-check.ts): by default 1200 × 1500 px, the least that prints
 * 8 × 10 in at 150 DPI. Flat, so it is a few kilobytes however many pixels it has: the check is about pixels.
 */
export function masterPng(width = 1200, height = 1500, background = '#b4532a'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
