import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GALLERY_LAYOUTS,
  galleryLayout,
  gridColumns,
  salonCentre,
  salonColumnSizes,
  type PlacedFrame,
} from './gallery-layout';
import { hangArrangement, neighbourGaps, TWO_NAILS_WIDER_THAN } from './gallery-hanging';

const sides = (width: number, height: number) => ({ width, height });
const EPSILON = 1e-9;

const overlap = (a: PlacedFrame, b: PlacedFrame) =>
  a.x < b.x + b.width - EPSILON &&
  b.x < a.x + a.width - EPSILON &&
  a.y < b.y + b.height - EPSILON &&
  b.y < a.y + a.height - EPSILON;

describe('the three gallery layouts', () => {
  it('row: centres on one line, left to right, the same gap between each two', () => {
    const layout = galleryLayout('row', [sides(10, 12), sides(10, 12), sides(12, 10)], 2);
    expect(layout.frames).toEqual([
      { index: 0, x: 0, y: 0, width: 10, height: 12 },
      { index: 1, x: 12, y: 0, width: 10, height: 12 },
      { index: 2, x: 24, y: 1, width: 12, height: 10 },
    ]);
    expect([layout.width, layout.height]).toEqual([36, 12]);
    expect(new Set(layout.frames.map((frame) => frame.y + frame.height / 2))).toEqual(new Set([6]));
  });

  it('grid: columns from the count, rows and columns aligned, a short last row centred', () => {
    expect([2, 3, 4, 5, 9, 10, 12].map(gridColumns)).toEqual([2, 2, 2, 3, 3, 4, 4]);
    const layout = galleryLayout('grid', [sides(10, 12), sides(16, 20), sides(10, 12)], 2);
    // Column widths 10 and 16 (each its widest frame), row heights 20 and 12 (each its tallest).
    expect(layout.frames).toEqual([
      { index: 0, x: 0, y: 4, width: 10, height: 12 },
      { index: 1, x: 12, y: 0, width: 16, height: 20 },
      // Alone in its row: its 10 in wide cell centred under the two columns (28 wide).
      { index: 2, x: 9, y: 22, width: 10, height: 12 },
    ]);
    expect([layout.width, layout.height]).toEqual([28, 34]);
  });

  it('salon: the largest in the middle, the others stacked in pairs, right then left', () => {
    expect([1, 2, 3, 5, 11].map(salonColumnSizes)).toEqual([[1], [2], [2, 1], [2, 2, 1], [2, 2, 2, 2, 2, 1]]);
    const outers = [sides(10, 12), sides(20, 24), sides(10, 12), sides(8, 10)];
    expect(salonCentre(outers)).toBe(1);
    const layout = galleryLayout('salon', outers, 2);
    const [first, middle, third, fourth] = layout.frames;
    // Right of the middle: pieces 1 and 3 stacked; left: piece 4.
    expect(first!.x).toBe(middle!.x + middle!.width + 2);
    expect(third!.x).toBe(first!.x);
    expect(third!.y).toBe(first!.y + first!.height + 2);
    expect(fourth!.x + fourth!.width + 2).toBe(middle!.x);
    // Each column centred on the middle one's centre line.
    const centre = middle!.y + middle!.height / 2;
    expect((first!.y + third!.y + third!.height) / 2).toBe(centre);
    expect(fourth!.y + fourth!.height / 2).toBe(centre);
  });

  it('salon of two: the smaller below the larger, centred under it', () => {
    const layout = galleryLayout('salon', [sides(10, 12), sides(20, 24)], 2);
    expect(layout.frames).toEqual([
      { index: 0, x: 5, y: 26, width: 10, height: 12 },
      { index: 1, x: 0, y: 0, width: 20, height: 24 },
    ]);
    expect([layout.width, layout.height]).toEqual([20, 38]);
  });
});

describe('hanging', () => {
  it('puts the centre at the height asked, a nail the drop below each top edge, two on a wide frame', () => {
    const layout = galleryLayout('row', [sides(10, 12), sides(38, 26)], 2);
    const hanging = hangArrangement(layout, 57, 2);
    expect(hanging.topFromFloor).toBe(57 + 13);
    expect(hanging.bottomFromFloor).toBe(57 - 13);
    expect(hanging.frames[0]!.nails).toEqual([{ x: 5, y: 9, fromFloor: 61 }]);
    expect(38).toBeGreaterThan(TWO_NAILS_WIDER_THAN);
    expect(hanging.frames[1]!.nails).toEqual([
      { x: 12 + 9.5, y: 2, fromFloor: 68 },
      { x: 12 + 28.5, y: 2, fromFloor: 68 },
    ]);
    expect(hanging.gaps).toEqual([{ from: 0, to: 1, side: 'right', distance: 2 }]);
  });
});

const outerArbitrary = fc.record({
  width: fc.double({ min: 4, max: 40, noNaN: true }),
  height: fc.double({ min: 4, max: 40, noNaN: true }),
});

describe('every arrangement (generated)', () => {
  it('never overlaps, keeps the frames in its bounding box, and keeps every neighbour at least a gap away', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GALLERY_LAYOUTS),
        fc.array(outerArbitrary, { minLength: 2, maxLength: 12 }),
        fc.double({ min: 0, max: 12, noNaN: true }),
        (kind, outers, gap) => {
          const layout = galleryLayout(kind, outers, gap);
          expect(layout.frames.map((frame) => frame.index)).toEqual(outers.map((_, index) => index));
          layout.frames.forEach((frame, index) => {
            expect([frame.width, frame.height]).toEqual([outers[index]!.width, outers[index]!.height]);
            for (const other of layout.frames.slice(index + 1)) expect(overlap(frame, other)).toBe(false);
          });
          // The bounding box is the frames' own: touched on all four sides.
          expect(Math.min(...layout.frames.map((frame) => frame.x))).toBeCloseTo(0, 9);
          expect(Math.min(...layout.frames.map((frame) => frame.y))).toBeCloseTo(0, 9);
          expect(Math.max(...layout.frames.map((frame) => frame.x + frame.width))).toBe(layout.width);
          expect(Math.max(...layout.frames.map((frame) => frame.y + frame.height))).toBe(layout.height);
          for (const neighbour of neighbourGaps(layout.frames)) {
            expect(neighbour.distance).toBeGreaterThanOrEqual(gap - 1e-9);
          }
          if (kind === 'row') {
            expect(neighbourGaps(layout.frames).map((n) => n.distance)).toHaveLength(outers.length - 1);
            for (const n of neighbourGaps(layout.frames)) expect(n.distance).toBeCloseTo(gap, 9);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
