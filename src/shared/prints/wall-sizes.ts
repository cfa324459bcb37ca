import type { ArtworkDetail } from '../catalogue/artwork-schema';
import type { PrintSizeAnswer } from './print-sizes-schema';
import { frameSizesOf } from './master-print-sizes';
import { PRINT_RATIOS, PRINT_SIZES, type PrintRatio, type PrintSize } from './print-sizes';
import { sidesOf, type Orientation, type Sides } from './framing';

// The sizes the wall preview offers: the print pack's own (the artwork's printSizes, per ratio), or, while the
// master's size is not known, every standard size of the standard ratio nearest the picture's (the pack only ever
// delivers standard ratios, cut from the picture). Each comes with its sides in inches the way up the artwork is.

export interface WallSizeGroup {
  /** The ratio's label: '4:5', 'ISO A (1:√2)'. */
  label: string;
  sizes: WallSize[];
}

export interface WallSize {
  /** Unique across groups: the shop's name of the size ('8 × 10 in', 'A4', '50 × 70 cm'). */
  id: string;
  /** The name in both units: '8 × 10 in (20.3 × 25.4 cm)', 'A4 (21 × 29.7 cm · 8.3 × 11.7 in)'. */
  label: string;
  /** The print's sides in inches, the way up the artwork is. */
  sides: Sides;
}

export interface WallSizeChoice {
  groups: WallSizeGroup[];
  /** True when the sizes are the picture ratio's common sizes rather than the print pack's. */
  fallback: boolean;
}

type DetailForSizes = Pick<ArtworkDetail, 'printSizes' | 'images'>;

/** The name with the other unit beside it, the way the artwork page's Print sizes say it. */
export function bothUnitsLabel(size: PrintSizeAnswer): string {
  if (size.name === size.inches) return `${size.inches} (${size.cm})`;
  if (size.name === size.cm) return `${size.cm} (${size.inches})`;
  return `${size.name} (${size.cm} · ${size.inches})`;
}

/** The exact inch sides of a size by its name ('A4' is 210 × 297 mm, not its rounded 8.3 × 11.7 in). */
function inchSides(size: PrintSizeAnswer): { short: number; long: number } | undefined {
  const known = PRINT_SIZES.find((standard) => standard.name === size.name);
  // An inch size's own sides are exact; 24 × 25.4 ÷ 25.4 is not quite 24.
  if (known?.unit === 'in') return { short: known.short, long: known.long };
  if (known) return { short: known.shortInches, long: known.longInches };
  // A size this build does not know: its sides as the answer writes them ('8 × 10 in').
  const match = /^([\d.]+) × ([\d.]+) in$/.exec(size.inches);
  if (!match) return undefined;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return { short: Math.min(a, b), long: Math.max(a, b) };
}

function wallSize(size: PrintSizeAnswer, orientation: Orientation): WallSize[] {
  const sides = inchSides(size);
  return sides
    ? [{ id: size.name, label: bothUnitsLabel(size), sides: sidesOf(sides.short, sides.long, orientation) }]
    : [];
}

const orientationOf = (width: number, height: number): Orientation => (width > height ? 'landscape' : 'portrait');

const answerOf = (size: PrintSize): PrintSizeAnswer => ({ name: size.name, inches: size.inchText, cm: size.cmText });

/** The picture's own pixels: its largest rendition. */
const pictureOf = (artwork: DetailForSizes) => artwork.images.at(-1);

/** The standard ratio nearest these pixels' (theirs when they are one). */
export function nearestRatio(width: number, height: number): PrintRatio {
  const aspect = Math.min(width, height) / Math.max(width, height);
  const distance = (ratio: PrintRatio) => Math.abs(ratio.short / ratio.long - aspect);
  return PRINT_RATIOS.reduce((best, ratio) => (distance(ratio) < distance(best) ? ratio : best));
}

/** What the preview can offer for this artwork; no groups when neither the pack's sizes nor a picture is known. */
export function wallSizeChoice(artwork: DetailForSizes): WallSizeChoice {
  const groups = artwork.printSizes
    .map((entry) => ({
      label: entry.label,
      sizes: entry.sizes.flatMap((size) => wallSize(size, orientationOf(entry.width, entry.height))),
    }))
    .filter((group) => group.sizes.length > 0);
  if (groups.length > 0) return { groups, fallback: false };

  const picture = pictureOf(artwork);
  if (!picture) return { groups: [], fallback: true };
  const ratio = nearestRatio(picture.width, picture.height);
  const orientation = orientationOf(picture.width, picture.height);
  const sizes = frameSizesOf(ratio.id).flatMap((size) => wallSize(answerOf(size), orientation));
  return { groups: [{ label: ratio.label, sizes }], fallback: true };
}

/** The size a sofa wall usually takes: the largest whose long side is at most 24 in. */
const COMFORTABLE_LONG_SIDE = 24;

/**
 * The size shown first: in the ratio of the largest crop (the master's own ratio, uncropped), the largest size up
 * to 24 in long, or its smallest when every size is longer.
 */
export function defaultWallSize(choice: WallSizeChoice, printSizes: DetailForSizes['printSizes'] = []): WallSize {
  const byArea = [...printSizes].sort((a, b) => b.width * b.height - a.width * a.height);
  const group = choice.groups.find((candidate) => candidate.label === byArea[0]?.label) ?? choice.groups[0];
  const sizes = group?.sizes ?? [];
  const longest = (size: WallSize) => Math.max(size.sides.width, size.sides.height);
  const fitting = sizes.filter((size) => longest(size) <= COMFORTABLE_LONG_SIDE);
  const chosen = fitting.at(-1) ?? sizes[0];
  if (!chosen) throw new Error('defaultWallSize: the choice has no sizes');
  return chosen;
}
