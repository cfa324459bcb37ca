import type { NewArtworkRow } from '#server/db/schema.ts';
import { pick, pickSome, type Random } from '#server/demo/random.ts';
import {
  COLOR_FAMILIES,
  PALETTE_MAX_COLORS,
  type Orientation,
  type PaletteColor,
} from '#shared/catalogue/browse-facets.ts';
import { PRINT_RATIOS, RATIO_IDS } from '#shared/prints/print-sizes.ts';

// What the picture's reader and the print pack would have written of a generated artwork: its palette and
// orientation, its master's size and the ratios it offers. Drawn from a random stream of its own, so the rest of
// the generated catalogue (titles, prices…) stays what it was before these columns existed.

type FacetColumns = Pick<NewArtworkRow, 'palette' | 'orientation' | 'master_width' | 'master_height' | 'print_ratios'>;

const FAMILIES = COLOR_FAMILIES.filter((family) => family !== 'multicolor');
// Orientations as a print shop's catalogue has them: mostly upright.
const ORIENTATION_SHARES: ReadonlyArray<readonly [Orientation, number]> = [
  ['portrait', 0.45],
  ['landscape', 0.3],
  ['square', 0.15],
  ['panoramic', 0.1],
];

function orientationFor(random: Random): Orientation {
  let draw = random();
  for (const [orientation, share] of ORIENTATION_SHARES) if ((draw -= share) < 0) return orientation;
  return 'portrait';
}

/** Two to five colours of random families, heaviest first, their weights adding up to 1. */
function paletteFor(random: Random): PaletteColor[] {
  const count = 2 + Math.floor(random() * (PALETTE_MAX_COLORS - 1));
  const raw = Array.from({ length: count }, () => 0.05 + random());
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw
    .map((value) => ({
      hex: `#${Math.floor(random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`,
      weight: Math.round((value / sum) * 1000) / 1000,
      family: pick(random, FAMILIES),
    }))
    .sort((a, b) => b.weight - a.weight);
}

/**
 * A master the way up its orientation says, from small (2,000 px on its long side) to very large (12,000 px): of
 * one of the print ratios, or 1:1 when square, 2.5:1 when panoramic.
 */
function masterFor(random: Random, orientation: Orientation): { width: number; height: number } {
  const long = 2000 + Math.floor(random() * 10_000);
  if (orientation === 'square') return { width: long, height: long };
  const print = pick(random, PRINT_RATIOS);
  const ratio = orientation === 'panoramic' ? 0.4 : print.short / print.long;
  const short = Math.round(long * ratio);
  return orientation === 'portrait' ? { width: short, height: long } : { width: long, height: short };
}

export function generateFacetColumns(random: Random): FacetColumns {
  // Some pictures not read yet (no palette, no orientation) and some masters whose size is not known yet.
  const read = random() >= 0.05;
  const orientation = orientationFor(random);
  const master = random() >= 0.1 ? masterFor(random, orientation) : null;
  // Most listings offer all six ratios (null); the rest a few of them.
  const ratios = random() < 0.6 ? null : pickSome(random, RATIO_IDS, 1 + Math.floor(random() * 5));
  return {
    palette: read ? JSON.stringify(paletteFor(random)) : null,
    orientation: read ? orientation : null,
    master_width: master?.width ?? null,
    master_height: master?.height ?? null,
    print_ratios: ratios && JSON.stringify(RATIO_IDS.filter((id) => ratios.includes(id))),
  };
}
