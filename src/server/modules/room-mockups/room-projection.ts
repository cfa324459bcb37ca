import type { HangingSpace } from './hang-art';
import { f } from './svg-kit';

// The rooms are seen head-on from eye height: the wall is parallel to the picture, so a print on it is a plain
// rectangle (sharp lays a picture flat, it cannot warp one), and the furniture in front of it is drawn in the same
// one-point perspective, as boxes whose faces turned towards the eye show. Inches in, scene pixels out.

export interface Camera {
  /** Scene pixels per inch on the wall. */
  pxPerInch: number;
  /** The x of the eye (and of the vanishing point), in scene pixels. */
  centerX: number;
  /** The y of the line where the wall meets the floor. */
  floorY: number;
  /** The eye's height above the floor and its distance from the wall, in inches. */
  eyeIn: number;
  distanceIn: number;
}

/** A point `x` inches right of the eye, `h` above the floor, `d` in front of the wall. */
export function project(camera: Camera, x: number, h: number, d: number): [number, number] {
  const scale = camera.distanceIn / (camera.distanceIn - d);
  const eyeY = camera.floorY - camera.eyeIn * camera.pxPerInch;
  return [camera.centerX + x * camera.pxPerInch * scale, eyeY + (camera.eyeIn - h) * camera.pxPerInch * scale];
}

export const eyeY = (camera: Camera) => camera.floorY - camera.eyeIn * camera.pxPerInch;

/** A box in inches: across (x, from the eye's line), up (h, from the floor) and out (d, from the wall). */
export interface Box {
  x0: number;
  x1: number;
  h0: number;
  h1: number;
  d0: number;
  d1: number;
}

export interface BoxPaint {
  front: string;
  top?: string;
  side?: string;
  /** Rounded corners of the front face, in inches. */
  round?: number;
  /** Extra attributes on each face (an opacity, a filter). */
  attrs?: string;
}

const polygon = (points: [number, number][], fill: string, attrs = '') =>
  `<path d="M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L')} Z" fill="${fill}" ${attrs}/>`;

/** The faces of a box the eye sees: its front, its top when below the eye, the side facing the eye's line. */
export function box(camera: Camera, b: Box, paint: BoxPaint): string {
  const p = (x: number, h: number, d: number) => project(camera, x, h, d);
  const faces: string[] = [];
  const attrs = paint.attrs ?? '';
  const side = paint.side ?? paint.front;
  if (b.x0 > 0)
    faces.push(
      polygon([p(b.x0, b.h0, b.d0), p(b.x0, b.h1, b.d0), p(b.x0, b.h1, b.d1), p(b.x0, b.h0, b.d1)], side, attrs),
    );
  if (b.x1 < 0)
    faces.push(
      polygon([p(b.x1, b.h0, b.d0), p(b.x1, b.h1, b.d0), p(b.x1, b.h1, b.d1), p(b.x1, b.h0, b.d1)], side, attrs),
    );
  if (b.h1 < camera.eyeIn)
    faces.push(
      polygon(
        [p(b.x0, b.h1, b.d0), p(b.x1, b.h1, b.d0), p(b.x1, b.h1, b.d1), p(b.x0, b.h1, b.d1)],
        paint.top ?? paint.front,
        attrs,
      ),
    );
  const [left, top] = p(b.x0, b.h1, b.d1);
  const [right, bottom] = p(b.x1, b.h0, b.d1);
  const scale = camera.distanceIn / (camera.distanceIn - b.d1);
  const r = (paint.round ?? 0) * camera.pxPerInch * scale;
  faces.push(
    `<rect x="${f(left)}" y="${f(top)}" width="${f(right - left)}" height="${f(bottom - top)}" rx="${f(r)}" fill="${paint.front}" ${attrs}/>`,
  );
  return faces.join('');
}

/** The footprint of a box on the floor, as a soft shadow (the scene defines the `soft-shadow` blur). */
export function footprintShadow(camera: Camera, b: Box, opacity: number, spreadIn = 2): string {
  const p = (x: number, d: number) => project(camera, x, 0, d);
  const s = spreadIn;
  return polygon(
    [p(b.x0 - s, b.d0), p(b.x1 + s, b.d0), p(b.x1 + s, b.d1 + s), p(b.x0 - s, b.d1 + s)],
    '#000',
    `opacity="${opacity}" filter="url(#soft-shadow)"`,
  );
}

/**
 * The wall space centred over the furniture whose frame's lower edge is `heightIn` above the floor, with the
 * largest print it takes (see hang-art.ts).
 */
export function spaceAbove(
  camera: Camera,
  heightIn: number,
  largest: Pick<HangingSpace, 'maxWidthIn' | 'maxHeightIn' | 'maxAreaIn2'>,
): HangingSpace {
  const bottomY = Math.round(camera.floorY - heightIn * camera.pxPerInch);
  return { pxPerInch: camera.pxPerInch, centerX: camera.centerX, bottomY, ...largest };
}
