import type { CategoryId } from '../../shared/catalogue/categories';
import type { Size } from '../../shared/prints/ratio-crop';
import { COMPOSERS } from './demo-art-svg';
import { canvasOf, type DemoAspect } from './demo-aspects';
import type { DemoScheme } from './demo-palettes';
import { seededRandom } from './random';

// A demo picture as SVG documents: its composition (demo-art-svg.ts) in the box of its aspect, drawn at whatever
// pixel size is asked for, the box's units scaled to it.

/** Everything a demo picture is decided by: the same picture on every machine. */
export interface DemoPicture {
  category: CategoryId;
  seed: number;
  aspect: DemoAspect;
  scheme: DemoScheme;
}

/** A picture's drawing: its box in units, and the bodies of its layers (`soft`, when it has one, goes under). */
export interface ComposedArtwork {
  canvas: Size;
  soft?: string;
  crisp: string;
}

export function composeArtwork(picture: DemoPicture): ComposedArtwork {
  const canvas = canvasOf(picture.aspect);
  const box = { W: canvas.width, H: canvas.height, u: Math.min(canvas.width, canvas.height) / 800 };
  const body = COMPOSERS[picture.category](seededRandom(picture.seed), picture.scheme.colors, box);
  return typeof body === 'string' ? { canvas, crisp: body } : { canvas, ...body };
}

/**
 * One layer as an SVG document drawn `size` pixels large (at sharp's 72 DPI). The size is the canvas's aspect to
 * within a pixel's rounding, which `preserveAspectRatio="none"` absorbs instead of leaving an edge undrawn.
 */
export const svgDocument = (body: string, canvas: Size, size: Size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${canvas.width} ${canvas.height}" preserveAspectRatio="none">${body}</svg>`;

/** One picture as one SVG document, `size` pixels large. */
export function composeArtworkSvg(picture: DemoPicture, size: Size): string {
  const { canvas, soft, crisp } = composeArtwork(picture);
  return svgDocument((soft ?? '') + crisp, canvas, size);
}
