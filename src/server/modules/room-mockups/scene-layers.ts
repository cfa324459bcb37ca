import { framedArtSvg } from './framed-art-svg';
import { hangArt, type Rect } from './hang-art';
import { bedroom } from './bedroom-scene';
import { livingRoom } from './living-room-scene';
import { office } from './office-scene';
import type { SceneDrawing } from './scene-drawing';
import type { MockupScene } from './scenes';
import { svgDocument } from './svg-kit';

const DRAWINGS: Record<MockupScene, () => SceneDrawing> = {
  'living-room': livingRoom,
  bedroom,
  office,
};

/** A scene with a print of this aspect hung in it: the SVG documents drawn under and over the artwork, and where. */
export interface SceneLayers {
  /** The wall and the floor: the same for every artwork, so the child keeps it drawn (compose-mockups-child.ts). */
  wall: string;
  /** The print's shadow, frame and mat, over the wall: drawn for each artwork's aspect. */
  framing: string;
  /** The furniture and the light in front of the print (transparent elsewhere): the same for every artwork. */
  front: string;
  /** Where the artwork is laid, in scene pixels. */
  window: Rect;
  /** The frame's outer edge and the mat inside it, in scene pixels. */
  frame: Rect;
  mat: Rect;
}

export function sceneLayers(scene: MockupScene, aspect: number): SceneLayers {
  const drawing = DRAWINGS[scene]();
  const art = hangArt(aspect, drawing.space);
  const defs = `<defs>${drawing.defs}</defs>`;
  return {
    wall: svgDocument(defs + drawing.back),
    framing: svgDocument(defs + framedArtSvg(art, drawing.frameStyle, drawing.space.pxPerInch)),
    front: svgDocument(defs + drawing.front),
    window: art.window,
    frame: art.frame,
    mat: art.mat,
  };
}
