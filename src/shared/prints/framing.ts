// How a print is framed for a wall: the mat's and the frame's widths and what they add to the size hung. The one
// place these widths live: the artwork page's "View on a wall", the gallery wall planner and its hanging guide PDF
// all lay out the same outer sizes.

/** A white mat's border on each side of the print: a common picture-framing width. */
export const MAT_WIDTH = 2;
/** A frame moulding's face on each side: a common, slim gallery frame. */
export const FRAME_WIDTH = 1;

export type FrameStyle = 'none' | 'black' | 'white' | 'oak';
export const FRAME_STYLES = ['none', 'black', 'white', 'oak'] as const satisfies readonly FrameStyle[];
export const FRAME_NAMES: Record<FrameStyle, string> = { none: 'None', black: 'Black', white: 'White', oak: 'Oak' };

/** A frame's face colour as the wall drawings paint it; oak is drawn with a wood grain over this tone. */
export const FRAME_COLOURS: Record<Exclude<FrameStyle, 'none'>, string> = {
  black: '#1c1c1c',
  white: '#fbfbf9',
  oak: '#c09462',
};

export interface Sides {
  width: number;
  height: number;
}

export type Orientation = 'portrait' | 'landscape';

/** A size's sides the way up the artwork is: the long side upright for a portrait picture, across for a landscape one. */
export function sidesOf(shortInches: number, longInches: number, orientation: Orientation): Sides {
  return orientation === 'portrait'
    ? { width: shortInches, height: longInches }
    : { width: longInches, height: shortInches };
}

/** How far the frame and the mat reach beyond the print on each side. */
export function borderOf(frame: FrameStyle, mat: boolean): number {
  return (mat ? MAT_WIDTH : 0) + (frame === 'none' ? 0 : FRAME_WIDTH);
}

/** The size hung on the wall: the print, plus the mat's and the frame's border on every side. */
export function framedSides(print: Sides, frame: FrameStyle, mat: boolean): Sides {
  const border = borderOf(frame, mat);
  return { width: print.width + 2 * border, height: print.height + 2 * border };
}
