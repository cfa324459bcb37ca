// What an owner's master can print, said when it is uploaded: the largest standard size that any ratio's crop of
// it fills at 300 DPI (the print pack's files), and the least a master must print to be taken at all.
import { largestPrintAt, PRINT_DPI, PRINT_RATIOS, type PrintSize } from './print-sizes';
import { largestCropSize, orientationOf, type Size } from './ratio-crop';

/** The least a master must print: 8 × 10 in at 150 DPI, the smallest frame most buyers hang, at a draft quality. */
export const MASTER_MIN_DPI = 150;
export const MASTER_MIN_PIXELS = { short: 8 * MASTER_MIN_DPI, long: 10 * MASTER_MIN_DPI } as const;

const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/**
 * The largest standard size (by area) that the largest crop of any print-pack ratio fills at `dpi`, the crops
 * taking the master's way up as the pack does; undefined when no crop fills any.
 */
export function largestPackPrint(master: Size, dpi = PRINT_DPI): PrintSize | undefined {
  const orientation = orientationOf(master);
  let largest: PrintSize | undefined;
  for (const ratio of PRINT_RATIOS) {
    let crop: Size;
    try {
      crop = largestCropSize(ratio, master, orientation);
    } catch {
      continue; // too small for a crop of this ratio
    }
    const size = largestPrintAt(crop.width, crop.height, dpi);
    if (size && (!largest || size.shortInches * size.longInches > largest.shortInches * largest.longInches))
      largest = size;
  }
  return largest;
}

/** How far the master reaches at `dpi`: 'up to 24 × 36 in', or its own inches when it fills no standard size. */
function reachAt(master: Size, dpi: number): string {
  const largest = largestPackPrint(master, dpi);
  return largest
    ? `up to ${largest.name}`
    : `${oneDecimal(master.width / dpi)} × ${oneDecimal(master.height / dpi)} in`;
}

/** What the owner sees under a chosen master: '7200 × 10800 px — up to 24 × 36 in at 300 DPI'. */
export function masterPrintLabel(master: Size): string {
  return `${master.width} × ${master.height} px — ${reachAt(master, PRINT_DPI)} at ${PRINT_DPI} DPI`;
}

/**
 * Why a master is too small to be taken, or undefined when it is large enough: its upright size must hold
 * 1200 × 1500 px in its own orientation (short side and long side).
 */
export function masterTooSmall(master: Size): string | undefined {
  const [short, long] = master.width < master.height ? [master.width, master.height] : [master.height, master.width];
  if (short >= MASTER_MIN_PIXELS.short && long >= MASTER_MIN_PIXELS.long) return undefined;
  const reach = reachAt(master, MASTER_MIN_DPI).replace(/^up to /, '');
  return (
    `${master.width} × ${master.height} px can print at most ${reach} at ${MASTER_MIN_DPI} DPI; a master must ` +
    `print 8 × 10 in at ${MASTER_MIN_DPI} DPI (${MASTER_MIN_PIXELS.short} × ${MASTER_MIN_PIXELS.long} px) at least.`
  );
}
