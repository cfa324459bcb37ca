import type { Sides } from './framing';

// Where each frame of a gallery wall goes, in inches from the arrangement's top-left corner (x to the right, y
// down). Pure and deterministic: the planner's drawing and the hanging guide PDF both call it, so the PDF's nail
// positions are the drawing's. The pieces come as their frames' outer sizes, in the buyer's order.

export const GALLERY_LAYOUTS = ['row', 'grid', 'salon'] as const;
export type GalleryLayoutId = (typeof GALLERY_LAYOUTS)[number];

export const GALLERY_LAYOUT_NAMES: Record<GalleryLayoutId, string> = { row: 'Row', grid: 'Grid', salon: 'Salon' };

export interface PlacedFrame {
  /** The piece's place in the list given. */
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GalleryLayout {
  frames: PlacedFrame[];
  /** The bounding box of every frame: the arrangement's overall width and height. */
  width: number;
  height: number;
}

/** Grid columns for a count: the square root, rounded up (2 → 2, 3 and 4 → 2, 5 to 9 → 3, 10 to 12 → 4). */
export function gridColumns(count: number): number {
  return Math.ceil(Math.sqrt(count));
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const max = (values: readonly number[]) => values.reduce((most, value) => Math.max(most, value), 0);
/** Lengths end to end with a gap between each two. */
const spanOf = (lengths: readonly number[], gap: number) => sum(lengths) + gap * Math.max(0, lengths.length - 1);

/** A row: every centre on one horizontal line, left to right in order, the same gap between each two frames. */
function rowFrames(outers: readonly Sides[], gap: number): PlacedFrame[] {
  const height = max(outers.map((outer) => outer.height));
  let x = 0;
  return outers.map((outer, index) => {
    const frame = { index, x, y: (height - outer.height) / 2, ...outer };
    x += outer.width + gap;
    return frame;
  });
}

/**
 * A grid: `gridColumns` columns filled row by row. A column is as wide as its widest frame, a row as tall as its
 * tallest; each frame is centred in its cell, and cells are a gap apart, so rows and columns line up. A last row
 * that is not full is centred under the others (its cells keep their columns' widths).
 */
function gridFrames(outers: readonly Sides[], gap: number): PlacedFrame[] {
  const columns = gridColumns(outers.length);
  const rows = Math.ceil(outers.length / columns);
  const cellsOf = (pick: (index: number) => boolean) => outers.filter((_, index) => pick(index));
  const widths = Array.from({ length: columns }, (_, c) =>
    max(cellsOf((index) => index % columns === c).map((outer) => outer.width)),
  );
  const heights = Array.from({ length: rows }, (_, r) =>
    max(cellsOf((index) => Math.floor(index / columns) === r).map((outer) => outer.height)),
  );
  const fullWidth = spanOf(widths, gap);
  const lastCount = outers.length - (rows - 1) * columns;
  const lastShift = (fullWidth - spanOf(widths.slice(0, lastCount), gap)) / 2;
  return outers.map((outer, index) => {
    const [row, column] = [Math.floor(index / columns), index % columns];
    const cellX = spanOf(widths.slice(0, column), gap) + (column > 0 ? gap : 0) + (row === rows - 1 ? lastShift : 0);
    const cellY = spanOf(heights.slice(0, row), gap) + (row > 0 ? gap : 0);
    return {
      index,
      x: cellX + (widths[column]! - outer.width) / 2,
      y: cellY + (heights[row]! - outer.height) / 2,
      ...outer,
    };
  });
}

/** The piece a salon hangs in its middle: the largest by area, the first of equals. */
export function salonCentre(outers: readonly Sides[]): number {
  const area = (outer: Sides) => outer.width * outer.height;
  return outers.reduce((best, outer, index) => (area(outer) > area(outers[best]!) ? index : best), 0);
}

/**
 * How many frames each salon column holds: the others than the middle one, in pairs stacked one above the other,
 * the last column single when they are odd (1 → 1, 2 → 2, 3 → 2 + 1, 11 → five pairs and one). Pairs are what
 * makes a salon wall differ from a row: small pieces stacked beside a large one.
 */
export function salonColumnSizes(others: number): number[] {
  return Array.from({ length: Math.ceil(others / 2) }, (_, column) => Math.min(2, others - 2 * column));
}

/**
 * A salon: the largest frame in the middle; the others, in order, fill columns of two stacked frames (the last
 * one alone when they are odd), hung alternately to its right and left going outwards (first column right, second
 * left, third right…). Every
 * column is centred on the middle frame's centre line; columns are a gap apart, and so are stacked frames.
 */
function salonFrames(outers: readonly Sides[], gap: number): PlacedFrame[] {
  const centre = salonCentre(outers);
  const middle = outers[centre]!;
  const placed: PlacedFrame[] = [{ index: centre, x: -middle.width / 2, y: -middle.height / 2, ...middle }];
  const others = outers.map((outer, index) => ({ outer, index })).filter(({ index }) => index !== centre);
  // Two pieces: the smaller hangs below the larger, centred under it (side by side would be the row again).
  if (others.length === 1) {
    const [{ outer, index }] = others as [(typeof others)[number]];
    placed.push({ index, x: -outer.width / 2, y: middle.height / 2 + gap, ...outer });
    return placed.sort((a, b) => a.index - b.index);
  }
  // The edges the next column on each side starts from.
  let right = middle.width / 2 + gap;
  let left = -middle.width / 2 - gap;
  let next = 0;
  salonColumnSizes(others.length).forEach((size, column) => {
    const members = others.slice(next, next + size);
    next += size;
    const width = max(members.map(({ outer }) => outer.width));
    const toRight = column % 2 === 0;
    const columnX = toRight ? right : left - width;
    if (toRight) right += width + gap;
    else left -= width + gap;
    let y =
      -spanOf(
        members.map(({ outer }) => outer.height),
        gap,
      ) / 2;
    for (const { outer, index } of members) {
      placed.push({ index, x: columnX + (width - outer.width) / 2, y, ...outer });
      y += outer.height + gap;
    }
  });
  return placed.sort((a, b) => a.index - b.index);
}

const ARRANGE: Record<GalleryLayoutId, (outers: readonly Sides[], gap: number) => PlacedFrame[]> = {
  row: rowFrames,
  grid: gridFrames,
  salon: salonFrames,
};

/** The arrangement of these outer sizes: frames moved so the bounding box's top-left is (0, 0), in the given order. */
export function galleryLayout(kind: GalleryLayoutId, outers: readonly Sides[], gap: number): GalleryLayout {
  const frames = ARRANGE[kind](outers, gap);
  const left = Math.min(...frames.map((frame) => frame.x));
  const top = Math.min(...frames.map((frame) => frame.y));
  const moved = frames.map((frame) => ({ ...frame, x: frame.x - left, y: frame.y - top }));
  return {
    frames: moved,
    width: Math.max(...moved.map((frame) => frame.x + frame.width)),
    height: Math.max(...moved.map((frame) => frame.y + frame.height)),
  };
}
