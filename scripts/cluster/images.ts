// PNG files for the uploads, drawn here so the run needs no fixture: noise, so no two runs upload alike and the
// byte comparison of a download means something.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A `width`×`height` PNG of a gradient with noise; `noise` 0–255 trades file size against time to encode. */
export async function pngImage(width: number, height: number, noise = 255): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const random = randomBytes(width * height);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    const grain = (random[i] ?? 0) % (noise + 1);
    pixels[i * 3] = (x * 255) / width + grain;
    pixels[i * 3 + 1] = (y * 255) / height + grain;
    pixels[i * 3 + 2] = 128 + grain;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
