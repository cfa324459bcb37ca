import { dimensionsFromMaster } from '#shared/prints/master-print-sizes.ts';
import { RATIO_IDS } from '#shared/prints/print-sizes.ts';
import type { Size } from '#shared/prints/ratio-crop.ts';
import type { DemoAspect } from './demo-aspects';

// The size a demo master is drawn at is decided here, before it is drawn: the seed records it, so the artwork
// page's Print sizes and Dimensions are right from the first start, though the master is drawn only on demand.

/**
 * What every demo master holds: 4800 × 6000 px upright (6000 × 4800 on its side), the 4:5 canvas at 16 × 20 in at
 * 300 DPI. A master of another aspect is the smallest of that aspect around it, so each ratio of its pack prints at
 * least as large as a 4:5 one's: 4800 × 7200 for 2:3, 6000 × 6000 square, 14400 × 4800 for a 3:1 panorama (69 MP,
 * within the pack's 120 MP).
 */
const DEMO_MASTER_BOX = { short: 4800, long: 6000 };

/**
 * One demo artwork, Bauhaus Forms (a geometric grid, the quickest to draw; 4:5), is drawn larger: its whole
 * composition at 8640 × 10800 px, so its 2:3 crop is 7200 × 10800 px, 24 × 36 in at 300 DPI.
 */
export const LARGE_DEMO_MASTER_SEED = 401;
const LARGE_DEMO_MASTER_BOX = { short: 8640, long: 10800 };

/** The pixels a demo artwork's master is drawn at, upright. */
export function demoMasterSize(aspect: DemoAspect, seed: number): Size {
  const { short, long } = seed === LARGE_DEMO_MASTER_SEED ? LARGE_DEMO_MASTER_BOX : DEMO_MASTER_BOX;
  const { across, down } = aspect;
  // Whole numbers for every aspect of the plan: each side a multiple of what 4800 and 6000 are multiples of.
  if (across <= down) {
    const height = Math.max(long, (short * down) / across);
    return { width: Math.round((height * across) / down), height: Math.round(height) };
  }
  const height = Math.max(short, (long * down) / across);
  return { width: Math.round((height * across) / down), height: Math.round(height) };
}

/** A demo listing's Dimensions: the text the public answer derives from the master, so the owner's form agrees. */
export const demoDimensions = (aspect: DemoAspect, seed: number): string =>
  dimensionsFromMaster(demoMasterSize(aspect, seed), RATIO_IDS) ?? '';
