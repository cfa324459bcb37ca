import { DEFAULT_DEMO_ASPECT } from './demo-aspects';
import { buildDemoCatalog, demoPictureOf } from './demo-catalog';
import { demoMasterSize } from './demo-master-size';
import { composeArtwork, svgDocument } from './demo-picture';
import { drawDemoFile, type DemoFileDrawing } from './demo-renderer';
import { DEMO_PICTURE_VERSION, demoPictureFolder } from './render-demo-images';

// A demo artwork's print file: the same composition as its previews, drawn again at print size. It is made on
// the first download or the first print pack, not at seeding, so the first start stays fast.

export const DEMO_MASTER_DPI = 300;

/**
 * A blurred layer has no detail a larger drawing would show: it is drawn at most this wide and enlarged. librsvg
 * blurs at the drawing's own size, which took 74 s and 774 MB for one abstract at 4800 px.
 */
const SOFT_LAYER_WIDTH = 800;

// The key says which picture it is: `demo/v2/artwork-0001.png` for the seed 1, in the pictures' generation
// (render-demo-images.ts). Uploads are stored under `originals/`, never `demo/`, so only the seeder makes such keys.
const KEY_PATTERN = /^demo\/(?:v(\d+)\/)?artwork-(\d{4})\.png$/;

export function demoMasterKey(seed: number): string {
  return `${demoPictureFolder}/artwork-${String(seed).padStart(4, '0')}.png`;
}

/**
 * The key a store seeded before the pictures had generations gave its demo masters (`demo/artwork-0001.png`):
 * those listings are 4:5 with a 4:5 master's size recorded.
 */
export const firstDemoMasterKey = (seed: number) => `demo/artwork-${String(seed).padStart(4, '0')}.png`;

/** The demo artwork a private key belongs to and its pictures' generation, or undefined for no demo master's key. */
export function demoMasterOfKey(key: string): { seed: number; version: number } | undefined {
  const match = KEY_PATTERN.exec(key);
  return match ? { seed: Number(match[2]), version: Number(match[1] ?? 1) } : undefined;
}

export const demoSeedOfMasterKey = (key: string): number | undefined => demoMasterOfKey(key)?.seed;

/**
 * Draws a demo artwork's master into `file` as PNG with its DPI and an sRGB profile, in the child process
 * (demo-renderer.ts), row by row; false for a seed the catalogue lacks or a generation it does not draw. A first
 * generation's key (a store seeded before) is drawn 4:5 at the size that store recorded, in today's drawing: its
 * listing's shape and print sizes stay right, though its colours may differ from the previews stored then.
 */
export async function drawDemoMaster(key: { seed: number; version: number }, file: string): Promise<boolean> {
  const work = buildDemoCatalog().find((w) => w.seed === key.seed);
  if (!work || key.version > DEMO_PICTURE_VERSION) return false;
  const picture = demoPictureOf(work);
  if (key.version === 1) picture.aspect = DEFAULT_DEMO_ASPECT;
  const { canvas, soft, crisp } = composeArtwork(picture);
  const size = demoMasterSize(picture.aspect, key.seed);
  const softWidth = Math.min(size.width, SOFT_LAYER_WIDTH);
  const softSize = { width: softWidth, height: Math.round((softWidth * size.height) / size.width) };
  const layers: DemoFileDrawing['layers'] = soft
    ? [{ svg: svgDocument(soft, canvas, softSize), density: 72, stretch: true }]
    : [];
  layers.push({ svg: svgDocument(crisp, canvas, size), density: 72 });
  await drawDemoFile({ layers, ...size, dpi: DEMO_MASTER_DPI, file });
  return true;
}
