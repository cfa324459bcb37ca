// The wall scene's geometry, in inches: one coordinate system for the wall, the floor, the sofa, the person and the
// framed artwork, so the drawing scales as one piece and every object keeps its true size relative to the others
// (the artwork's drawn width ÷ the sofa's drawn width is the artwork's inches ÷ 84, at any screen width). SVG's y
// grows downwards: a height above the floor becomes `FLOOR_Y - height`.

import { borderOf, FRAME_WIDTH, framedSides, type FrameStyle, type Sides } from '#shared/prints/framing.ts';

// The frame's and the mat's widths, and the sides they make, are shared with the gallery wall planner.
export {
  borderOf,
  FRAME_STYLES,
  FRAME_WIDTH,
  framedSides,
  MAT_WIDTH,
  sidesOf,
  type FrameStyle,
  type Orientation,
  type Sides,
} from '#shared/prints/framing.ts';

/** A three-seat sofa: 84 in (213 cm) wide, its back 33 in high, its seat 18 in. */
export const SOFA = { width: 84, height: 33, seatHeight: 18 } as const;
/** A standing adult of 5 ft 7 in (170 cm). */
export const PERSON = { height: 67, width: 19 } as const;
/** The piece of wall drawn: 11 ft wide, 90 in of wall above 6 in of floor. */
export const SCENE = { width: 132, wallHeight: 90, floorDepth: 6 } as const;
export const SCENE_HEIGHT = SCENE.wallHeight + SCENE.floorDepth;
export const FLOOR_Y = SCENE.wallHeight;

/** Where the pieces stand along the wall: the person on the left, the sofa to the right, the artwork centred over it. */
const PERSON_X = 5;
const SOFA_X = 36;
/** Gallery hanging: the artwork's centre 57 in above the floor (eye level)... */
const EYE_LEVEL = 57;
/** ...but its bottom edge at least 8 in above the sofa's back, so it reads as one group with the sofa. */
const ABOVE_SOFA = 8;
/** Never closer than this to the top of the drawn wall. */
const TOP_MARGIN = 3;

export interface Rect extends Sides {
  x: number;
  y: number;
}

export interface WallLayout {
  /** The outside of everything hung: the frame, or the mat, or the print. */
  outer: Rect;
  /** The frame's outside, or null without a frame. */
  frame: Rect | null;
  /** The mat's outside, or null without a mat. */
  mat: Rect | null;
  print: Rect;
  sofa: Rect;
  person: Rect;
}

const inset = (rect: Rect, by: number): Rect => ({
  x: rect.x + by,
  y: rect.y + by,
  width: rect.width - 2 * by,
  height: rect.height - 2 * by,
});

/** Where everything is drawn, in inches from the wall's top-left corner. */
export function wallLayout(print: Sides, frame: FrameStyle, mat: boolean): WallLayout {
  const framed = framedSides(print, frame, mat);
  const lowestBottom = SOFA.height + ABOVE_SOFA;
  const bottom = Math.max(EYE_LEVEL - framed.height / 2, lowestBottom);
  const top = Math.max(FLOOR_Y - bottom - framed.height, TOP_MARGIN);
  const outer: Rect = { x: SOFA_X + (SOFA.width - framed.width) / 2, y: top, ...framed };
  const frameRect = frame === 'none' ? null : outer;
  const matRect = mat ? (frameRect ? inset(outer, FRAME_WIDTH) : outer) : null;
  return {
    outer,
    frame: frameRect,
    mat: matRect,
    print: inset(outer, borderOf(frame, mat)),
    sofa: { x: SOFA_X, y: FLOOR_Y - SOFA.height, width: SOFA.width, height: SOFA.height },
    person: { x: PERSON_X, y: FLOOR_Y - PERSON.height, width: PERSON.width, height: PERSON.height },
  };
}

/** Screen pixels per inch when the scene is drawn `drawnWidthPx` wide. */
export function pixelsPerInch(drawnWidthPx: number): number {
  return drawnWidthPx / SCENE.width;
}

const CM_PER_INCH = 2.54;
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/** Sides as a buyer reads them in both units: '14 × 16 in (35.6 × 40.6 cm)'. */
export function sidesText({ width, height }: Sides): string {
  const cm = `${oneDecimal(width * CM_PER_INCH)} × ${oneDecimal(height * CM_PER_INCH)} cm`;
  return `${oneDecimal(width)} × ${oneDecimal(height)} in (${cm})`;
}
