import {
  PRINT_DPI,
  PRINT_RATIOS,
  PRINT_SIZES,
  RATIO_IDS,
  printSizesAt,
  type PrintSize,
  type RatioId,
} from './print-sizes';
import { largestCropSize, orientationOf, type Size } from './ratio-crop';

/**
 * The largest master a print pack is made from: 120 megapixels (a 300 MB TIFF, 9000 × 13,333 px, 30 × 44 in at
 * 300 DPI). Every decode of a master passes it to sharp as limitInputPixels, so a file whose header lies about its
 * size cannot make sharp decode more than this.
 */
export const MAX_MASTER_PIXELS = 120_000_000;

// What a master prints at, per ratio, before any file is made: the crop of a ratio is always the largest crop of
// that ratio (the owner moves it, never shrinks it), so its pixels, and so its sizes at 300 DPI, follow from the
// master's size alone. The artwork page, the receipt and the buyer's file list all say it the same way.

export interface RatioPrintSizes {
  ratio: RatioId;
  label: string;
  /** The crop's pixels, the way up the master is. */
  width: number;
  height: number;
  /** The standard sizes it prints at 300 DPI, smallest first; empty for a master too small for any. */
  sizes: PrintSize[];
}

/** The ratios an artwork offers, from its stored `print_ratios` (a JSON list; null or unreadable: all six). */
export function offeredRatios(printRatios: string | null): RatioId[] {
  if (!printRatios) return [...RATIO_IDS];
  try {
    const parsed: unknown = JSON.parse(printRatios);
    if (!Array.isArray(parsed)) return [...RATIO_IDS];
    return RATIO_IDS.filter((id) => parsed.includes(id));
  } catch {
    return [...RATIO_IDS];
  }
}

/** The print sizes of each offered ratio, in the order of PRINT_RATIOS; a ratio the master is too small for is left out. */
export function masterPrintSizes(master: Size, ratios: readonly RatioId[] = RATIO_IDS): RatioPrintSizes[] {
  return PRINT_RATIOS.filter((ratio) => ratios.includes(ratio.id)).flatMap((ratio) => {
    try {
      const crop = largestCropSize(ratio, master, orientationOf(master));
      return [{ ratio: ratio.id, label: ratio.label, ...crop, sizes: printSizesAt(crop.width, crop.height) }];
    } catch {
      return [];
    }
  });
}

/** Every standard size of a ratio, smallest first: the frames its file fits, in the Download Guide's table. */
export function frameSizesOf(ratio: RatioId): PrintSize[] {
  return PRINT_SIZES.filter((size) => size.ratio === ratio);
}

/** A size as a buyer reads it in both units: '8 × 10 in (20.3 × 25.4 cm)', 'A4 (21 × 29.7 cm)', '50 × 70 cm (19.7 × 27.6 in)'. */
export function bothUnits(size: PrintSize): string {
  if (size.unit === 'in') return `${size.inchText} (${size.cmText})`;
  if (size.unit === 'cm') return `${size.cmText} (${size.inchText})`;
  return `${size.name} (${size.cmText})`;
}

/** A ratio's sizes on one line: '4:5 — 4 × 5 in, 8 × 10 in, 16 × 20 in'. */
export function ratioSizesLine(entry: Pick<RatioPrintSizes, 'label' | 'sizes' | 'width' | 'height'>): string {
  const sizes = entry.sizes.length
    ? entry.sizes.map((size) => size.name).join(', ')
    : `${entry.width} × ${entry.height} px`;
  return `${entry.label} — ${sizes}`;
}

/**
 * The artwork's Dimensions from its master: the ratios it is offered in and its pixels, in the words listings used
 * ('2:3, 4:5, 5:7 · 7200 × 10800 px'). Undefined when the master's size is not known: the stored text stays.
 */
export function dimensionsFromMaster(master: Size | null, ratios: readonly RatioId[]): string | undefined {
  if (!master) return undefined;
  const labels = masterPrintSizes(master, ratios).map((entry) => entry.label);
  const pixels = `${master.width} × ${master.height} px`;
  return labels.length ? `${labels.join(', ')} · ${pixels}` : pixels;
}

/**
 * The artwork's Format once its master's size is known, said from what the print pack delivers: a JPEG per ratio,
 * and a PNG of each where the artwork offers PNG ('JPG and PNG · 300 DPI · sRGB').
 */
export function formatFromPack(pngOffered: boolean): string {
  return `${pngOffered ? 'JPG and PNG' : 'JPG'} · ${PRINT_DPI} DPI · sRGB`;
}

/** A size as answers carry it (print-sizes-schema.ts). */
export const sizeAnswer = (size: PrintSize) => ({ name: size.name, inches: size.inchText, cm: size.cmText });
