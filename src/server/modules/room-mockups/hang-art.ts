// Where and how large a framed print hangs in a scene. A print is sized in inches as one would buy it for that wall
// (the largest that fits the space above the furniture, its area capped so that a square or a landscape is not
// larger than the portrait beside it would be), then drawn at the scene's scale: so a portrait, a landscape, a
// square and a 3:1 panorama all look like prints of a plausible size, not like pictures stretched to a box.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The wall space over a piece of furniture where a print hangs, in scene pixels and inches. */
export interface HangingSpace {
  /** Scene pixels per inch on the wall. */
  pxPerInch: number;
  /** The x of the print's centre (over the furniture's centre). */
  centerX: number;
  /** The y of the frame's lower edge: the usual gap of 8 to 12 inches above the furniture. */
  bottomY: number;
  /** The largest print, without its mat and frame, in inches. */
  maxWidthIn: number;
  maxHeightIn: number;
  maxAreaIn2: number;
}

export interface HungArt {
  /** The frame's outer edge. */
  frame: Rect;
  /** The white mat, inside the frame. */
  mat: Rect;
  /** The opening in the mat, where the artwork is laid: whole pixels. */
  window: Rect;
  framePx: number;
  /** The print's size in inches, as it would be bought. */
  printIn: { width: number; height: number };
}

/** A thin frame: about an inch of moulding. */
const FRAME_IN = 1;

/** The print's size in inches for an artwork of this aspect (width / height) in this space. */
export function printInches(aspect: number, space: HangingSpace): { width: number; height: number } {
  let width = Math.min(space.maxWidthIn, space.maxHeightIn * aspect);
  let height = width / aspect;
  if (width * height > space.maxAreaIn2) {
    const shrink = Math.sqrt(space.maxAreaIn2 / (width * height));
    width *= shrink;
    height *= shrink;
  }
  return { width, height };
}

/** The mat's margin: wider for a larger print, as framers cut them (1¾ to 3½ in). */
export function matInches(print: { width: number; height: number }): number {
  return Math.min(3.5, Math.max(1.75, 0.12 * Math.min(print.width, print.height)));
}

export function hangArt(aspect: number, space: HangingSpace): HungArt {
  if (!(aspect > 0) || !Number.isFinite(aspect)) throw new Error(`an artwork's aspect must be positive, not ${aspect}`);
  const printIn = printInches(aspect, space);
  const px = (inches: number) => Math.round(inches * space.pxPerInch);
  const windowWidth = Math.max(1, px(printIn.width));
  const windowHeight = Math.max(1, Math.round(windowWidth / aspect));
  const matPx = px(matInches(printIn));
  const framePx = Math.max(2, px(FRAME_IN));
  const frameWidth = windowWidth + 2 * (matPx + framePx);
  const frameHeight = windowHeight + 2 * (matPx + framePx);
  const frame = {
    left: Math.round(space.centerX - frameWidth / 2),
    top: space.bottomY - frameHeight,
    width: frameWidth,
    height: frameHeight,
  };
  const mat = {
    left: frame.left + framePx,
    top: frame.top + framePx,
    width: frameWidth - 2 * framePx,
    height: frameHeight - 2 * framePx,
  };
  const window = { left: mat.left + matPx, top: mat.top + matPx, width: windowWidth, height: windowHeight };
  return { frame, mat, window, framePx, printIn };
}
