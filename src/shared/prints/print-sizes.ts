// The print pack's aspect ratios and the standard print sizes of each: what a buyer's frame takes (8 × 10 in, A4,
// 50 × 70 cm…). Used by the server to cut and name the files and by the client to show what each file prints at.

/** The resolution a print shop asks for: a file prints at its full quality up to pixels ÷ 300 inches. */
export const PRINT_DPI = 300;

/** How far a crop's or a standard size's width ÷ height may be from its ratio: 0.5 %. */
export const RATIO_TOLERANCE = 0.005;

export const RATIO_IDS = ['2x3', '3x4', '4x5', '5x7', '11x14', 'iso-a'] as const;
export type RatioId = (typeof RATIO_IDS)[number];

export interface PrintRatio {
  id: RatioId;
  label: string;
  /** The sides, in the ratio's own units: short ÷ long is the ratio exactly (1 and √2 for ISO A). */
  short: number;
  long: number;
}

export const PRINT_RATIOS: readonly PrintRatio[] = [
  { id: '2x3', label: '2:3', short: 2, long: 3 },
  { id: '3x4', label: '3:4', short: 3, long: 4 },
  { id: '4x5', label: '4:5', short: 4, long: 5 },
  { id: '5x7', label: '5:7', short: 5, long: 7 },
  { id: '11x14', label: '11:14', short: 11, long: 14 },
  { id: 'iso-a', label: 'ISO A (1:√2)', short: 1, long: Math.SQRT2 },
];

export function printRatio(id: RatioId): PrintRatio {
  return PRINT_RATIOS.find((ratio) => ratio.id === id) as PrintRatio;
}

/** The unit a size is sold in: inches, centimetres, or an ISO A name (its sides in millimetres). */
type SizeUnit = 'in' | 'cm' | 'iso';

export interface PrintSize {
  ratio: RatioId;
  /** What shops call it: '8 × 10 in', '50 × 70 cm', 'A4'. */
  name: string;
  unit: SizeUnit;
  /** The sides in the unit it is sold in (millimetres for ISO A). */
  short: number;
  long: number;
  /** The sides in inches, for the pixels it needs. */
  shortInches: number;
  longInches: number;
  inchText: string;
  cmText: string;
}

const MM_PER_INCH = 25.4;

/** One decimal at most, without a trailing '.0': 20.32 → '20.3', 21.0 → '21'. */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

function size(ratio: RatioId, unit: SizeUnit, short: number, long: number, isoName?: string): PrintSize {
  const mmPerUnit = { in: MM_PER_INCH, cm: 10, iso: 1 }[unit];
  const [shortMm, longMm] = [short * mmPerUnit, long * mmPerUnit];
  const inchText = `${oneDecimal(shortMm / MM_PER_INCH)} × ${oneDecimal(longMm / MM_PER_INCH)} in`;
  const cmText = `${oneDecimal(shortMm / 10)} × ${oneDecimal(longMm / 10)} cm`;
  const name = isoName ?? (unit === 'in' ? inchText : cmText);
  return {
    ratio,
    name,
    unit,
    short,
    long,
    shortInches: shortMm / MM_PER_INCH,
    longInches: longMm / MM_PER_INCH,
    inchText,
    cmText,
  };
}

const inches = (ratio: RatioId, short: number, long: number) => size(ratio, 'in', short, long);

/**
 * Every standard size, smallest first within its ratio. Each is within RATIO_TOLERANCE of its ratio (the tests
 * check it): the inch sizes and 50 × 70 cm are their ratio exactly; the ISO A sizes are rounded to whole
 * millimetres, so A5 is 0.33 % narrower than 1:√2, A1 0.11 %, A4 and A2 0.005 %, A3 0.005 % wider.
 */
export const PRINT_SIZES: readonly PrintSize[] = [
  inches('2x3', 4, 6),
  inches('2x3', 8, 12),
  inches('2x3', 12, 18),
  inches('2x3', 16, 24),
  inches('2x3', 20, 30),
  inches('2x3', 24, 36),
  inches('3x4', 6, 8),
  inches('3x4', 9, 12),
  inches('3x4', 12, 16),
  inches('3x4', 18, 24),
  inches('4x5', 4, 5),
  inches('4x5', 8, 10),
  inches('4x5', 16, 20),
  inches('4x5', 24, 30),
  inches('5x7', 5, 7),
  inches('5x7', 10, 14),
  // 50 × 70 cm is 5:7 exactly, and a little smaller than 20 × 28 in (19.7 × 27.6 in).
  size('5x7', 'cm', 50, 70),
  inches('5x7', 20, 28),
  inches('11x14', 11, 14),
  inches('11x14', 22, 28),
  size('iso-a', 'iso', 148, 210, 'A5'),
  size('iso-a', 'iso', 210, 297, 'A4'),
  size('iso-a', 'iso', 297, 420, 'A3'),
  size('iso-a', 'iso', 420, 594, 'A2'),
  size('iso-a', 'iso', 594, 841, 'A1'),
];

/** How far width ÷ height is from `aspect` (a width ÷ height too), as a fraction: 0.002 is 0.2 %. */
export function ratioError(width: number, height: number, aspect: number): number {
  return Math.abs(width / height / aspect - 1);
}

/** The ratio that pixels of this size are (within RATIO_TOLERANCE, either way up), if any. */
export function ratioOfPixels(widthPx: number, heightPx: number): PrintRatio | undefined {
  const [short, long] = widthPx < heightPx ? [widthPx, heightPx] : [heightPx, widthPx];
  return PRINT_RATIOS.find((ratio) => ratioError(short, long, ratio.short / ratio.long) <= RATIO_TOLERANCE);
}

/**
 * The standard sizes that pixels of this size fill at `dpi` without being enlarged, smallest first: those of the
 * pixels' own ratio whose sides need no more pixels than there are. A size needs its inches × dpi, rounded, so the
 * usual 2480 × 3508 px counts as A4 at 300 DPI.
 */
export function printSizesAt(widthPx: number, heightPx: number, dpi = PRINT_DPI): PrintSize[] {
  const ratio = ratioOfPixels(widthPx, heightPx);
  const [short, long] = widthPx < heightPx ? [widthPx, heightPx] : [heightPx, widthPx];
  return PRINT_SIZES.filter(
    (size) =>
      size.ratio === ratio?.id &&
      Math.round(size.shortInches * dpi) <= short &&
      Math.round(size.longInches * dpi) <= long,
  );
}

/** The largest standard size these pixels print at `dpi`, or undefined when they fill none. */
export function largestPrintAt(widthPx: number, heightPx: number, dpi = PRINT_DPI): PrintSize | undefined {
  return printSizesAt(widthPx, heightPx, dpi).at(-1);
}

/**
 * What a file prints at: '7200 × 10800 px — up to 24 × 36 in at 300 DPI'. Pixels that fill no standard size say
 * their own size in inches instead: '900 × 1200 px — 3 × 4 in at 300 DPI'.
 */
export function printLabel(widthPx: number, heightPx: number, dpi = PRINT_DPI): string {
  const largest = largestPrintAt(widthPx, heightPx, dpi);
  const reach = largest ? `up to ${largest.name}` : `${oneDecimal(widthPx / dpi)} × ${oneDecimal(heightPx / dpi)} in`;
  return `${widthPx} × ${heightPx} px — ${reach} at ${dpi} DPI`;
}
