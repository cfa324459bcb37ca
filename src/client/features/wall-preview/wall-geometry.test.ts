import { describe, expect, it } from 'vitest';
import {
  FLOOR_Y,
  FRAME_WIDTH,
  MAT_WIDTH,
  PERSON,
  pixelsPerInch,
  SCENE,
  SCENE_HEIGHT,
  SOFA,
  framedSides,
  sidesOf,
  sidesText,
  wallLayout,
  type Rect,
} from './wall-geometry';

const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

describe('the wall scene, in inches', () => {
  it('draws the sofa 84 in wide and the person 67 in (5 ft 7 in) tall, both standing on the floor', () => {
    const layout = wallLayout({ width: 8, height: 10 }, 'none', false);
    expect(layout.sofa.width).toBe(84);
    expect(layout.sofa.y + layout.sofa.height).toBe(FLOOR_Y);
    expect(layout.person.height).toBe(67);
    expect(layout.person.y + layout.person.height).toBe(FLOOR_Y);
    // The person stands clear of the sofa.
    expect(layout.person.x + PERSON.width).toBeLessThan(layout.sofa.x);
  });

  it.each([
    ['8 × 10 in portrait', sidesOf(8, 10, 'portrait'), 8 / 84],
    ['8 × 10 in landscape', sidesOf(8, 10, 'landscape'), 10 / 84],
    ['24 × 36 in portrait', sidesOf(24, 36, 'portrait'), 24 / 84],
    ['24 × 36 in landscape', sidesOf(24, 36, 'landscape'), 36 / 84],
  ])('%s: the print ÷ the sofa is its width ÷ 84 at any drawn width', (_name, print, ratio) => {
    const layout = wallLayout(print, 'black', true);
    expect(layout.print.width / layout.sofa.width).toBeCloseTo(ratio, 12);
    for (const drawnWidth of [310, 720, 1000]) {
      const scale = pixelsPerInch(drawnWidth);
      expect((layout.print.width * scale) / (layout.sofa.width * scale)).toBeCloseTo(ratio, 12);
    }
    expect(layout.print.width).toBe(print.width);
    expect(layout.print.height).toBe(print.height);
  });

  it('scales inches to pixels by the drawn width: the whole scene fills it', () => {
    expect(pixelsPerInch(SCENE.width)).toBe(1);
    expect(pixelsPerInch(660)).toBe(5);
    expect(SCENE_HEIGHT).toBe(SCENE.wallHeight + SCENE.floorDepth);
  });

  it('adds the mat (2 in) and the frame (1 in) on every side', () => {
    const print = { width: 8, height: 10 };
    expect(framedSides(print, 'none', false)).toEqual({ width: 8, height: 10 });
    expect(framedSides(print, 'oak', false)).toEqual({ width: 10, height: 12 });
    expect(framedSides(print, 'none', true)).toEqual({ width: 12, height: 14 });
    expect(framedSides(print, 'white', true)).toEqual({ width: 14, height: 16 });
    expect(MAT_WIDTH).toBe(2);
    expect(FRAME_WIDTH).toBe(1);
  });

  it('nests print in mat in frame, each border its real width', () => {
    const layout = wallLayout({ width: 16, height: 20 }, 'black', true);
    const { frame, mat, print } = layout;
    if (!frame || !mat) throw new Error('expected a frame and a mat');
    expect(frame).toEqual(layout.outer);
    expect(mat.x - frame.x).toBe(FRAME_WIDTH);
    expect(print.x - mat.x).toBe(MAT_WIDTH);
    expect(frame.x + frame.width - (print.x + print.width)).toBe(MAT_WIDTH + FRAME_WIDTH);
    expect(inside(print, mat) && inside(mat, frame)).toBe(true);
    // Without a frame the mat is the outside; without either the print is.
    expect(wallLayout({ width: 16, height: 20 }, 'none', true).mat).toEqual(
      wallLayout({ width: 16, height: 20 }, 'none', true).outer,
    );
    const bare = wallLayout({ width: 16, height: 20 }, 'none', false);
    expect([bare.frame, bare.mat]).toEqual([null, null]);
    expect(bare.print).toEqual(bare.outer);
  });

  it('hangs the artwork centred over the sofa, 57 in to its centre, but at least 8 in above the sofa back', () => {
    const small = wallLayout({ width: 8, height: 10 }, 'none', false);
    expect(small.outer.x + small.outer.width / 2).toBe(small.sofa.x + SOFA.width / 2);
    // 8 × 10 in: centred at 57 in puts its bottom at 52 in, well above the 33 in sofa back.
    expect(FLOOR_Y - (small.outer.y + small.outer.height / 2)).toBe(57);
    // 24 × 36 in framed and matted (30 × 42 in): its bottom goes up to 41 in, and its top stays on the wall.
    const large = wallLayout({ width: 24, height: 36 }, 'black', true);
    expect(FLOOR_Y - (large.outer.y + large.outer.height)).toBe(SOFA.height + 8);
    expect(large.outer.y).toBeGreaterThan(0);
    expect(inside(large.outer, { x: 0, y: 0, width: SCENE.width, height: FLOOR_Y })).toBe(true);
  });

  it('says sides in both units', () => {
    expect(sidesText({ width: 14, height: 16 })).toBe('14 × 16 in (35.6 × 40.6 cm)');
  });
});
