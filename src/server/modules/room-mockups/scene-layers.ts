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

/** A scene with a print of this aspect hung in it: the two SVG documents the artwork is laid between, and where. */
export interface SceneLayers {
  /** The wall, the floor, and the print's shadow, frame and mat. */
  back: string;
  /** The furniture and the light in front of the print (transparent elsewhere). */
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
    back: svgDocument(defs + drawing.back + framedArtSvg(art, drawing.frameStyle, drawing.space.pxPerInch)),
    front: svgDocument(defs + drawing.front),
    window: art.window,
    frame: art.frame,
    mat: art.mat,
  };
}
