import { MINIMUM_OFFERED_SIZE } from '#shared/prints/print-pack.ts';
import { largestPrintAt, PRINT_DPI, PRINT_RATIOS, type PrintSize, type RatioId } from '#shared/prints/print-sizes.ts';
import { largestCropSize, orientationOf, type Size } from '#shared/prints/ratio-crop.ts';

// What the owner is told about each ratio before offering it: how large its crop of this master prints, and
// whether that is too small to offer without asking (a buyer expects at least 8 × 10 in, or A4).

export interface RatioChoice {
  ratio: RatioId;
  label: string;
  /** The crop in whole pixels of the master: the largest of this ratio. */
  crop: Size;
  /** The largest standard size the crop fills at 300 DPI; undefined when it fills none. */
  largest: PrintSize | undefined;
  /** What the crop prints at, in words: 'up to 16 × 20 in', or its own inches when it fills no standard size. */
  reach: string;
  /** Whether offering it needs the owner's confirmation: its largest print is below MINIMUM_OFFERED_SIZE. */
  small: boolean;
}

/** Inches to one decimal at most, without a trailing '.0'. */
const inches = (pixels: number) => String(Math.round((pixels / PRINT_DPI) * 10) / 10);

/** Sizes are computed from millimetres: a hair's difference is not smaller. */
const EPSILON = 1e-6;

export function ratioChoice(ratio: (typeof PRINT_RATIOS)[number], master: Size): RatioChoice {
  const orientation = orientationOf(master);
  let crop: Size;
  try {
    crop = largestCropSize(ratio, master, orientation);
  } catch {
    // A master a few pixels big has no crop of the ratio at all: nothing to print, so it is as small as can be.
    crop = { width: 0, height: 0 };
  }
  const largest = crop.width > 0 ? largestPrintAt(crop.width, crop.height) : undefined;
  const minimum = MINIMUM_OFFERED_SIZE[ratio.id];
  const small =
    !largest ||
    largest.shortInches < minimum.shortInches - EPSILON ||
    largest.longInches < minimum.longInches - EPSILON;
  const reach = largest ? `up to ${largest.name}` : `${inches(crop.width)} × ${inches(crop.height)} in`;
  return { ratio: ratio.id, label: ratio.label, crop, largest, reach, small };
}

/** Every ratio of the pack, in the order the store lists them. */
export function ratioChoices(master: Size): RatioChoice[] {
  return PRINT_RATIOS.map((ratio) => ratioChoice(ratio, master));
}

/** The question asked before a small ratio is offered. */
export function smallPrintWarning(choice: RatioChoice): string {
  const most = choice.largest ? choice.largest.name : choice.reach;
  return `At ${PRINT_DPI} DPI this crop prints at most ${most}, smaller than ${MINIMUM_OFFERED_SIZE[choice.ratio].name}. Offer it anyway?`;
}
