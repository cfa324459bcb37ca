import { describe, expect, it } from 'vitest';
import { printRatio } from '#shared/prints/print-sizes.ts';
import { InvalidInputError } from '../../errors';
import { checkCrop } from './check-crop';
import type { CropFractions } from '#shared/prints/ratio-crop.ts';

const master = { width: 1200, height: 1800 };
const fourFive = printRatio('4x5');
/** 1000 × 1250 px at (100, 200): 4:5 portrait, inside the master. */
const good: CropFractions = { left: 100 / 1200, top: 200 / 1800, width: 1000 / 1200, height: 1250 / 1800 };

function rejectedField(crop: CropFractions): string[] {
  try {
    checkCrop(fourFive, crop, master);
  } catch (error) {
    if (error instanceof InvalidInputError) return Object.keys(error.details ?? {});
    throw error;
  }
  throw new Error('the crop was accepted');
}

describe("checking an owner's crop", () => {
  it('keeps a good crop, snapped to whole pixels', () => {
    expect(checkCrop(fourFive, good, master)).toEqual(good);
    const nearly = checkCrop(fourFive, { ...good, height: 1252 / 1800 }, master);
    expect(nearly.height * 1800).toBeCloseTo(1250, 6);
  });

  it('names the field that is not a number or out of 0..1', () => {
    expect(rejectedField({ ...good, left: Number.NaN })).toEqual(['left']);
    expect(rejectedField({ ...good, top: Number.POSITIVE_INFINITY })).toEqual(['top']);
    expect(rejectedField({ ...good, left: -0.01 })).toEqual(['left']);
    expect(rejectedField({ ...good, top: 1 })).toEqual(['top']);
    expect(rejectedField({ ...good, width: 0 })).toEqual(['width']);
    expect(rejectedField({ ...good, height: -0.5 })).toEqual(['height']);
  });

  it('names the side that goes past the edge of the picture', () => {
    expect(rejectedField({ ...good, left: 0.2 })).toEqual(['width']);
    expect(rejectedField({ ...good, top: 0.5 })).toEqual(['height']);
  });

  it('lets rounding take a crop half a pixel over the edge, and keeps the answer inside', () => {
    const atEdge = { ...good, left: 200.4 / 1200 };
    const checked = checkCrop(fourFive, atEdge, master);
    expect(checked.left + checked.width).toBeLessThanOrEqual(1);
  });

  it('names the height when the crop is not the ratio, or not the master’s way up', () => {
    expect(rejectedField({ ...good, height: 1300 / 1800 })).toEqual(['height']);
    // 4:5 landscape in a portrait master.
    expect(rejectedField({ left: 0, top: 0, width: 1, height: 960 / 1800 })).toEqual(['height']);
  });

  it('says what is wrong in the message', () => {
    expect(() => checkCrop(fourFive, { ...good, height: 1300 / 1800 }, master)).toThrow(
      /4:5 crop: height makes the crop 1000 × 1300 px, which is not 4:5 portrait/,
    );
  });
});
