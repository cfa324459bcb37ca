import { galleryLayout, type GalleryLayoutId } from '#shared/prints/gallery-layout.ts';
import { framedArtSvg } from './framed-art-svg';
import { matInches, printInches, type HungArt, type Rect } from './hang-art';
import { livingRoom } from './living-room-scene';
import { svgDocument } from './svg-kit';

// A set's pieces hung together over the living room's sofa, as a gallery wall (decision 0073): each piece sized as
// a print of one size class (the same rule as a single mockup's, with a smaller box), framed and matted as
// hang-art.ts does, arranged by the planner's own layouts (shared/prints/gallery-layout.ts), then the whole
// arrangement scaled to the wall space over the sofa and hung with its lower edge where a single print's would be.

/** Each piece's largest print, in inches, before the arrangement is scaled to the wall. */
const PIECE_BOX_IN = { maxWidthIn: 20, maxHeightIn: 20, maxAreaIn2: 300 };
/** The wall over the 84 in sofa an arrangement may fill: wider and taller than a single print's space. */
const WALL_IN = { width: 74, height: 38 };
const GAP_IN = 3;
const FRAME_IN = 1;

/** Two or three pieces hang in a row; more in a grid, which the planner fills row by row. */
export const galleryWallLayoutOf = (count: number): GalleryLayoutId => (count <= 3 ? 'row' : 'grid');

export interface GalleryWallLayers {
  wall: string;
  /** Every piece's shadow, frame and mat, over the wall. */
  framing: string;
  front: string;
  /** Where each piece's picture is laid, in the order given, in scene pixels. */
  windows: Rect[];
}

/** The scene's layers for pieces of these aspects (width / height), in the set's order. */
export function galleryWallLayers(aspects: readonly number[]): GalleryWallLayers {
  if (aspects.length === 0) throw new Error('a gallery wall needs at least one piece');
  for (const aspect of aspects)
    if (!(aspect > 0) || !Number.isFinite(aspect))
      throw new Error(`an artwork's aspect must be positive, not ${aspect}`);
  const drawing = livingRoom();
  const { space } = drawing;
  const prints = aspects.map((aspect) => {
    const print = printInches(aspect, { ...space, ...PIECE_BOX_IN });
    const border = matInches(print) + FRAME_IN;
    return { print, border, outer: { width: print.width + 2 * border, height: print.height + 2 * border } };
  });
  const layout = galleryLayout(
    galleryWallLayoutOf(aspects.length),
    prints.map((p) => p.outer),
    GAP_IN,
  );
  const scale = Math.min(1.25, WALL_IN.width / layout.width, WALL_IN.height / layout.height);
  const ppi = space.pxPerInch * scale;
  const left = space.centerX - (layout.width * ppi) / 2;
  const top = space.bottomY - layout.height * ppi;
  const px = (inches: number) => Math.round(inches * ppi);
  const hung: HungArt[] = layout.frames.map((placed) => {
    const { print, border } = prints[placed.index]!;
    const framePx = Math.max(2, px(FRAME_IN));
    const windowWidth = Math.max(1, px(print.width));
    const windowHeight = Math.max(1, Math.round(windowWidth / aspects[placed.index]!));
    const matPx = px(border - FRAME_IN);
    const frame = {
      left: Math.round(left + placed.x * ppi),
      top: Math.round(top + placed.y * ppi),
      width: windowWidth + 2 * (matPx + framePx),
      height: windowHeight + 2 * (matPx + framePx),
    };
    const mat = {
      left: frame.left + framePx,
      top: frame.top + framePx,
      width: frame.width - 2 * framePx,
      height: frame.height - 2 * framePx,
    };
    const window = { left: mat.left + matPx, top: mat.top + matPx, width: windowWidth, height: windowHeight };
    return { frame, mat, window, framePx, printIn: print };
  });
  const defs = `<defs>${drawing.defs}</defs>`;
  return {
    wall: svgDocument(defs + drawing.back),
    framing: svgDocument(defs + hung.map((art) => framedArtSvg(art, drawing.frameStyle, ppi)).join('')),
    front: svgDocument(defs + drawing.front),
    windows: hung.map((art) => art.window),
  };
}
