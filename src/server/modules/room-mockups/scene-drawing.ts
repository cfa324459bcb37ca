import type { FrameStyle } from './framed-art-svg';
import type { HangingSpace } from './hang-art';

/** A room drawn by code: what lies behind the hung print, what stands in front of it, and where the print hangs. */
export interface SceneDrawing {
  space: HangingSpace;
  frameStyle: FrameStyle;
  /** Gradients and filters, given to both layers (each is an SVG document of its own). */
  defs: string;
  /** SVG elements behind the print: the wall, the floor, the shadows on them. */
  back: string;
  /** SVG elements in front of the print: the furniture, the lamp's light, the vignette. */
  front: string;
}
