import { ART_WIDTH, composeArtworkSvg } from './demo-art-svg';
import { buildDemoCatalog } from './demo-catalog';
import { drawDemo } from './demo-renderer';
import { seededRandom } from './random';

// A demo artwork's print file: the same composition as its previews, drawn again at print size. It is made on
// the first download, not at seeding, so the first start stays fast (one master takes from 0.1 s to a few seconds).

/** A print-shop file: 2400 x 3000 px (the 4:5 canvas), 8 x 10 inches at 300 DPI. */
export const DEMO_MASTER_WIDTH = 2400;
export const DEMO_MASTER_DPI = 300;

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
 * Draws a demo artwork's master as PNG with its DPI and an sRGB profile; null for a seed the catalogue lacks. It is
 * drawn in a child process (demo-renderer.ts): a blurred abstract takes ~250 MB at this size.
 */
export async function renderDemoMaster(seed: number): Promise<Buffer | null> {
  const work = buildDemoCatalog().find((w) => w.seed === seed);
  if (!work) return null;
  const svg = composeArtworkSvg(work.category, seededRandom(seed));
  const [png] = await drawDemo({
    svg,
    // SVG is measured at 72 DPI: this density draws the canvas DEMO_MASTER_WIDTH pixels wide.
    density: (72 * DEMO_MASTER_WIDTH) / ART_WIDTH,
    outputs: [
      [
        ['withIccProfile', 'srgb'],
        ['withDensity', DEMO_MASTER_DPI],
        ['png', { compressionLevel: 6 }],
      ],
    ],
  });
  return png ?? null;
}
