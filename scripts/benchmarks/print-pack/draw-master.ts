// The benchmark's master: a photo-like picture, drawn by code so it is the same on every machine. A flat or
// smooth picture would make JPEG encoding look cheaper than it is for a real print file, so the scene (hills
// under a sky, from value noise) carries fine grain like a photograph's.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { seededRandom } from '#server/demo/random.ts';

/** Drawn at a quarter of the size in JavaScript, then enlarged, and the grain added at full size. */
const SCENE_SCALE = 4;

/** A seeded lattice of values, read with smooth interpolation: one octave of value noise. */
function valueNoise(seed: number, cells: number): (x: number, y: number) => number {
  const random = seededRandom(seed);
  const size = cells + 2;
  const lattice = Float32Array.from({ length: size * size }, () => random());
  const at = (x: number, y: number) => lattice[y * size + x] as number;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (x, y) => {
    const gx = x * cells;
    const gy = y * cells;
    const ix = Math.floor(gx);
    const iy = Math.floor(gy);
    const fx = smooth(gx - ix);
    const fy = smooth(gy - iy);
    const top = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * fx;
    const bottom = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * fx;
    return top + (bottom - top) * fy;
  };
}

function drawScene(width: number, height: number): Buffer {
  const octaves = [4, 16, 64, 256].map((cells, i) => ({ noise: valueNoise(i + 1, cells), weight: 0.5 ** i }));
  const texture = (x: number, y: number) =>
    octaves.reduce((sum, { noise, weight }) => sum + noise(x, y) * weight, 0) / 1.875;
  const ridge = valueNoise(9, 6);
  const pixels = Buffer.alloc(width * height * 3);
  for (let py = 0; py < height; py++) {
    const y = py / height;
    for (let px = 0; px < width; px++) {
      const x = px / width;
      const t = texture(x, y);
      const land = y > 0.45 + ridge(x, 0.5) * 0.25;
      const sun = Math.max(0, 1 - Math.hypot(x - 0.68, y - 0.22) * 9);
      const [r, g, b] = land
        ? [60 + 90 * t, 90 + 110 * t, 40 + 60 * t]
        : [150 + 90 * t + 90 * sun, 180 + 60 * t + 60 * sun, 230 - 40 * t];
      const i = (py * width + px) * 3;
      // A Buffer keeps only the low byte of what is written to it: the sun's glow would wrap round to dark.
      pixels[i] = Math.min(255, r);
      pixels[i + 1] = Math.min(255, g);
      pixels[i + 2] = Math.min(255, b);
    }
  }
  return pixels;
}

/**
 * The master as a JPEG (quality 95, 4:4:4, an sRGB profile, 300 DPI, as a print shop would send it), drawn once and
 * kept at `file`; later runs read it from there.
 */
export async function ensureMaster(file: string, width: number, height: number): Promise<void> {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const scene = {
    width: Math.ceil(width / SCENE_SCALE),
    height: Math.ceil(height / SCENE_SCALE),
    channels: 3 as const,
  };
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } },
  })
    .raw()
    .toBuffer();
  const partial = `${file}.part`;
  await sharp(drawScene(scene.width, scene.height), { raw: scene })
    .resize(width, height, { kernel: 'lanczos3' })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .withIccProfile('srgb')
    .withDensity(300)
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toFile(partial);
  fs.renameSync(partial, file);
}

/**
 * The heaviest master the store takes: `width` × `height` (120 MP), 16 bits a channel in CMYK with a CMYK profile,
 * as a TIFF (deflate), enlarged from the JPEG master at `from`. Drawn once and kept at `file`.
 */
export async function ensureCmykMaster(file: string, from: string, width: number, height: number): Promise<void> {
  if (fs.existsSync(file)) return;
  const partial = `${file}.part`;
  await sharp(from)
    .resize(width, height)
    .toColourspace('rgb16')
    .withIccProfile('cmyk')
    .withDensity(300)
    .tiff({ compression: 'deflate', predictor: 'horizontal' })
    .toFile(partial);
  fs.renameSync(partial, file);
}
