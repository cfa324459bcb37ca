import type { GalleryLayout, PlacedFrame } from './gallery-layout';

// Where the nails go, from a layout: how high the arrangement hangs and where each frame's hook meets the wall.
// All in inches: x from the arrangement's left edge, y down from its top edge, and heights above the floor.

/**
 * A frame wider than this (its outer width, 61 cm) hangs from two nails, so it stays level and its weight is
 * shared; a narrower one from one nail at its centre.
 */
export const TWO_NAILS_WIDER_THAN = 24;

export interface Nail {
  /** From the arrangement's left edge. */
  x: number;
  /** Down from the arrangement's top edge. */
  y: number;
  /** Above the floor. */
  fromFloor: number;
}

export interface HungFrame extends PlacedFrame {
  topFromFloor: number;
  nails: Nail[];
}

export interface NeighbourGap {
  /** Indexes of the two frames: `to` is to the right of or below `from`. */
  from: number;
  to: number;
  side: 'right' | 'below';
  /** The clear wall between their facing edges. */
  distance: number;
}

export interface Hanging {
  frames: HungFrame[];
  width: number;
  height: number;
  topFromFloor: number;
  bottomFromFloor: number;
  gaps: NeighbourGap[];
}

/**
 * The nails of a frame: its hook (a sawtooth, a D-ring, a taut wire's peak) is `drop` below its top edge, so the
 * nail is there too. One nail at its horizontal centre; two, at a quarter of its width in from each side, for a
 * frame wider than TWO_NAILS_WIDER_THAN.
 */
export function nailsOf(frame: PlacedFrame, drop: number, topFromFloor: number): Nail[] {
  const across = frame.width > TWO_NAILS_WIDER_THAN ? [0.25, 0.75] : [0.5];
  const y = frame.y + drop;
  return across.map((share) => ({ x: frame.x + frame.width * share, y, fromFloor: topFromFloor - y }));
}

const overlaps = (startA: number, endA: number, startB: number, endB: number) => startA < endB && startB < endA;

/**
 * Each frame's nearest neighbour to its right (among those beside it: their heights overlap) and below it (their
 * widths overlap), with the clear distance between them: the spacing a buyer measures while hanging.
 */
export function neighbourGaps(frames: readonly PlacedFrame[]): NeighbourGap[] {
  const gaps: NeighbourGap[] = [];
  const nearest = (from: PlacedFrame, side: NeighbourGap['side']) => {
    const candidates = frames
      .filter((other) => other !== from)
      .flatMap((other) => {
        const beside =
          side === 'right'
            ? overlaps(from.y, from.y + from.height, other.y, other.y + other.height)
            : overlaps(from.x, from.x + from.width, other.x, other.x + other.width);
        const distance = side === 'right' ? other.x - (from.x + from.width) : other.y - (from.y + from.height);
        // A hair below zero is the same edge computed two ways, not an overlap.
        return beside && distance > -1e-9 ? [{ from: from.index, to: other.index, side, distance }] : [];
      });
    const closest = candidates.sort((a, b) => a.distance - b.distance || a.to - b.to)[0];
    if (closest) gaps.push(closest);
  };
  for (const frame of frames) {
    nearest(frame, 'right');
    nearest(frame, 'below');
  }
  return gaps;
}

/** The arrangement hung with its centre (its bounding box's) `centreHeight` above the floor, hooks `drop` down. */
export function hangArrangement(layout: GalleryLayout, centreHeight: number, drop: number): Hanging {
  const topFromFloor = centreHeight + layout.height / 2;
  const frames = layout.frames.map((frame) => {
    const frameTop = topFromFloor - frame.y;
    return { ...frame, topFromFloor: frameTop, nails: nailsOf(frame, drop, topFromFloor) };
  });
  return {
    frames,
    width: layout.width,
    height: layout.height,
    topFromFloor,
    bottomFromFloor: centreHeight - layout.height / 2,
    gaps: neighbourGaps(layout.frames),
  };
}
