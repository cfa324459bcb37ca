// Images for the uploads, drawn here so the run needs no fixture: noise, so no two runs upload alike and the
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

/**
 * A print master as a photographer sends one: a JPEG at 300 DPI (quality 92, 4:4:4), `width` × `height`, a gradient
 * between random corner colours under fine grain. The grain is what makes cutting the print pack cost what it does
 * for a real photograph (a flat picture encodes in no time). Drawn by libvips alone from a 1024 px tile of random
 * bytes: a 7200 × 10800 master takes seconds, where sharp's gaussian noise at full size took 24 s on a loaded machine.
 */
export async function grainyJpeg(width: number, height: number): Promise<Buffer> {
  const tile = 1024;
  const grain = await sharp(randomBytes(tile * tile), { raw: { width: tile, height: tile, channels: 1 } })
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(randomBytes(12), { raw: { width: 2, height: 2, channels: 3 } })
    .resize(width, height, { kernel: 'linear' })
    .composite([{ input: grain, tile: true, blend: 'soft-light' }])
    .withDensity(300)
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
