import { ART_WIDTH, composeArtworkLayers } from './demo-art-svg';
import { buildDemoCatalog } from './demo-catalog';
import { demoMasterSize } from './demo-master-size';
import { drawDemoFile, type DemoFileDrawing } from './demo-renderer';
import { seededRandom } from './random';

// A demo artwork's print file: the same composition as its previews, drawn again at print size. It is made on
// the first download or the first print pack, not at seeding, so the first start stays fast.

export const DEMO_MASTER_DPI = 300;

/**
 * A blurred layer has no detail a larger drawing would show: it is drawn at most this wide and enlarged. librsvg
 * blurs at the drawing's own size, which took 74 s and 774 MB for one abstract at 4800 px.
 */
const SOFT_LAYER_WIDTH = 800;

// The key says which picture it is: `demo/artwork-0001.png` for the seed 1. Uploads are stored under
// `originals/`, never `demo/`, so only the seeder makes such keys.
const KEY_PATTERN = /^demo\/artwork-(\d{4})\.png$/;

export function demoMasterKey(seed: number): string {
  return `demo/artwork-${String(seed).padStart(4, '0')}.png`;
}

/** The demo artwork a private key belongs to, or undefined when the key is not a demo master's. */
export function demoSeedOfMasterKey(key: string): number | undefined {
  const match = KEY_PATTERN.exec(key);
  return match ? Number(match[1]) : undefined;
}

/**
 * Draws a demo artwork's master into `file` as PNG with its DPI and an sRGB profile, in the child process
 * (demo-renderer.ts), row by row; false for a seed the catalogue lacks.
 */
export async function drawDemoMaster(seed: number, file: string): Promise<boolean> {
  const work = buildDemoCatalog().find((w) => w.seed === seed);
  if (!work) return false;
  const { soft, crisp } = composeArtworkLayers(work.category, seededRandom(seed));
  const { width, height } = demoMasterSize(seed);
  // SVG is measured at 72 DPI: this density draws the canvas `width` pixels wide.
  const density = (72 * width) / ART_WIDTH;
  const softDensity = (72 * Math.min(width, SOFT_LAYER_WIDTH)) / ART_WIDTH;
  const layers: DemoFileDrawing['layers'] = soft ? [{ svg: soft, density: softDensity, stretch: true }] : [];
  layers.push({ svg: crisp, density });
  await drawDemoFile({ layers, width, height, dpi: DEMO_MASTER_DPI, file });
  return true;
}
