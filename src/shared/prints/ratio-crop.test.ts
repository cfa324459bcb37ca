import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRINT_RATIOS, printRatio, RATIO_TOLERANCE, ratioError } from './print-sizes';
import {
  aspectOf,
  centredCrop,
  largestCropSize,
  orientationOf,
  toFractions,
  toPixels,
  type PixelCrop,
  type Size,
} from './ratio-crop';

const ratioArbitrary = fc.constantFrom(...PRINT_RATIOS);
/** Masters from thumbnail to 120 MP size, any shape, odd sides included. */
const masterArbitrary = fc.record({
  width: fc.integer({ min: 100, max: 14_000 }),
  height: fc.integer({ min: 100, max: 14_000 }),
});

const inside = (crop: PixelCrop, master: Size) =>
  Number.isInteger(crop.left) &&
  Number.isInteger(crop.top) &&
  crop.left >= 0 &&
  crop.top >= 0 &&
  crop.left + crop.width <= master.width &&
  crop.top + crop.height <= master.height;

describe('the largest crop of a ratio', () => {
  it('is exact where the sides allow it', () => {
    const sizes = PRINT_RATIOS.map((ratio) => largestCropSize(ratio, { width: 7200, height: 10800 }, 'portrait'));
    expect(sizes).toEqual([
      { width: 7200, height: 10800 },
      { width: 7200, height: 9600 },
      { width: 7200, height: 9000 },
      { width: 7200, height: 10080 },
      { width: 7200, height: 9164 },
      { width: 7200, height: 10182 },
    ]);
    expect(largestCropSize(printRatio('4x5'), { width: 10800, height: 7200 }, 'landscape')).toEqual({
      width: 9000,
      height: 7200,
    });
  });

  it('takes the way up from the master: portrait, landscape, and portrait for a square', () => {
    expect(orientationOf({ width: 1200, height: 1800 })).toBe('portrait');
    expect(orientationOf({ width: 1800, height: 1200 })).toBe('landscape');
    expect(orientationOf({ width: 1500, height: 1500 })).toBe('portrait');
    expect(
      toPixels(printRatio('2x3'), centredCrop(printRatio('2x3'), { width: 1500, height: 1500 }), {
        width: 1500,
        height: 1500,
      }),
    ).toEqual({
      left: 250,
      top: 0,
      width: 1000,
      height: 1500,
    });
  });

  it('is within 0.5 % of the ratio, never larger than the master, and as wide or as tall as it', () => {
    fc.assert(
      fc.property(ratioArbitrary, masterArbitrary, (ratio, master) => {
        const orientation = orientationOf(master);
        const size = largestCropSize(ratio, master, orientation);
        expect(ratioError(size.width, size.height, aspectOf(ratio, orientation))).toBeLessThanOrEqual(RATIO_TOLERANCE);
        expect(size.width).toBeLessThanOrEqual(master.width);
        expect(size.height).toBeLessThanOrEqual(master.height);
        // Largest: one side is the master's (the other rounded may fall one pixel short of it).
        expect(size.width >= master.width - 1 || size.height >= master.height - 1).toBe(true);
        expect(orientation === 'portrait' ? size.width <= size.height : size.width > size.height).toBe(true);
      }),
    );
  });

  it('shrinks to a crop within 0.5 % in a tiny master, and refuses one too small for any', () => {
    const iso = printRatio('iso-a');
    // 14 × 20 is 1 % off 1:√2; 12 × 17 is the first within 0.5 %.
    expect(largestCropSize(iso, { width: 20, height: 20 }, 'portrait')).toEqual({ width: 12, height: 17 });
    expect(() => largestCropSize(iso, { width: 7, height: 7 }, 'portrait')).toThrow(RangeError);
  });
});

describe('crops kept as fractions of the master', () => {
  it('give back the same pixels on the same master', () => {
    fc.assert(
      fc.property(
        ratioArbitrary,
        masterArbitrary,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ratio, master, x, y) => {
          const size = largestCropSize(ratio, master, orientationOf(master));
          const crop = {
            ...size,
            left: Math.round(x * (master.width - size.width)),
            top: Math.round(y * (master.height - size.height)),
          };
          expect(toPixels(ratio, toFractions(crop, master), master)).toEqual(crop);
        },
      ),
    );
  });

  it('follow a larger master of the same picture, in the exact ratio and inside it', () => {
    fc.assert(
      fc.property(ratioArbitrary, masterArbitrary, fc.integer({ min: 2, max: 4 }), (ratio, master, factor) => {
        const fractions = centredCrop(ratio, master);
        const larger = { width: master.width * factor, height: master.height * factor };
        const crop = toPixels(ratio, fractions, larger);
        expect(inside(crop, larger)).toBe(true);
        expect(ratioError(crop.width, crop.height, aspectOf(ratio, orientationOf(larger)))).toBeLessThanOrEqual(
          RATIO_TOLERANCE,
        );
        // Within two of the smaller master's pixels: its crop was whole pixels, the larger one re-rounds it.
        expect(Math.abs(crop.width / larger.width - fractions.width)).toBeLessThanOrEqual(2 / master.width);
        expect(Math.abs(crop.height / larger.height - fractions.height)).toBeLessThanOrEqual(2 / master.height);
      }),
    );
  });

  it('stay inside a master of another shape, moved in from an edge they would cross', () => {
    const ratio = printRatio('4x5');
    const fractions = { left: 0.2, top: 0, width: 0.8, height: 1 };
    const crop = toPixels(ratio, fractions, { width: 1000, height: 1000 });
    expect(crop).toEqual({ left: 200, top: 0, width: 800, height: 1000 });
    const wider = toPixels(ratio, { left: 0.3, top: 0.1, width: 0.9, height: 0.95 }, { width: 1000, height: 1000 });
    expect(inside(wider, { width: 1000, height: 1000 })).toBe(true);
    expect(wider.width / wider.height).toBeCloseTo(0.8, 2);
  });

  it('start centred', () => {
    const fractions = centredCrop(printRatio('4x5'), { width: 1200, height: 1801 });
    expect(toPixels(printRatio('4x5'), fractions, { width: 1200, height: 1801 })).toEqual({
      left: 0,
      top: 150,
      width: 1200,
      height: 1500,
    });
  });
});
