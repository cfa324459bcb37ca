import { dimensionsFromMaster } from '#shared/master-print-sizes.ts';
import { RATIO_IDS } from '#shared/print-sizes.ts';
import type { Size } from '#shared/ratio-crop.ts';

// The size a demo master is drawn at is decided here, before it is drawn: the seed records it, so the artwork
// page's Print sizes and Dimensions are right from the first start, though the master is drawn only on demand.

/** Every demo master: 4800 x 6000 px, the 4:5 canvas at 16 x 20 in at 300 DPI, so its pack prints that large. */
const DEMO_MASTER_SIZE: Size = { width: 4800, height: 6000 };

/**
 * One demo artwork, Bauhaus Forms (a geometric grid, the quickest to draw), is drawn larger: its whole 4:5
 * composition at 8640 x 10800 px, so its 2:3 crop is 7200 x 10800 px, 24 x 36 in at 300 DPI. Its previews stay the
 * same picture; a 2:3 composition would have needed 2:3 previews the storefront's 4:5 cards do not show.
 */
export const LARGE_DEMO_MASTER_SEED = 401;
const LARGE_DEMO_MASTER_SIZE: Size = { width: 8640, height: 10800 };

/** The pixels a demo artwork's master is drawn at, upright. */
export function demoMasterSize(seed: number): Size {
  return seed === LARGE_DEMO_MASTER_SEED ? LARGE_DEMO_MASTER_SIZE : DEMO_MASTER_SIZE;
}

/** A demo listing's Dimensions: the text the public answer derives from the master, so the owner's form agrees. */
export const demoDimensions = (seed: number): string => dimensionsFromMaster(demoMasterSize(seed), RATIO_IDS) ?? '';
