import { describe, expect, it } from 'vitest';
import {
  largestPrintAt,
  PRINT_RATIOS,
  PRINT_SIZES,
  printLabel,
  printRatio,
  printSizesAt,
  RATIO_TOLERANCE,
  ratioError,
  ratioOfPixels,
} from './print-sizes';

describe('the standard print sizes', () => {
  it('are each within 0.5 % of their ratio', () => {
    for (const size of PRINT_SIZES) {
      const ratio = printRatio(size.ratio);
      expect(ratioError(size.short, size.long, ratio.short / ratio.long), size.name).toBeLessThanOrEqual(
        RATIO_TOLERANCE,
      );
    }
  });

  it('are exact for the inch sizes and 50 × 70 cm, and off by the millimetre rounding for ISO A', () => {
    const error = (name: string) => {
      const size = PRINT_SIZES.find((s) => s.name === name)!;
      const ratio = printRatio(size.ratio);
      return ratioError(size.short, size.long, ratio.short / ratio.long);
    };
    for (const size of PRINT_SIZES.filter((s) => s.unit !== 'iso'))
      expect(error(size.name), size.name).toBeLessThan(1e-12);
    expect(error('A5')).toBeCloseTo(0.0033, 4);
    expect(error('A4')).toBeCloseTo(0.00005, 5);
    expect(error('A1')).toBeCloseTo(0.0011, 4);
  });

  it('list the sizes of each ratio, smallest first', () => {
    const names = (id: string) => PRINT_SIZES.filter((s) => s.ratio === id).map((s) => s.name);
    expect(names('2x3')).toEqual(['4 × 6 in', '8 × 12 in', '12 × 18 in', '16 × 24 in', '20 × 30 in', '24 × 36 in']);
    expect(names('3x4')).toEqual(['6 × 8 in', '9 × 12 in', '12 × 16 in', '18 × 24 in']);
    expect(names('4x5')).toEqual(['4 × 5 in', '8 × 10 in', '16 × 20 in', '24 × 30 in']);
    expect(names('5x7')).toEqual(['5 × 7 in', '10 × 14 in', '50 × 70 cm', '20 × 28 in']);
    expect(names('11x14')).toEqual(['11 × 14 in', '22 × 28 in']);
    expect(names('iso-a')).toEqual(['A5', 'A4', 'A3', 'A2', 'A1']);
    for (const ratio of PRINT_RATIOS) {
      const longs = PRINT_SIZES.filter((s) => s.ratio === ratio.id).map((s) => s.longInches);
      expect(longs).toEqual([...longs].sort((a, b) => a - b));
    }
  });

  it('say each size in inches and in centimetres', () => {
    const byName = (name: string) => PRINT_SIZES.find((s) => s.name === name);
    expect(byName('8 × 10 in')).toMatchObject({ inchText: '8 × 10 in', cmText: '20.3 × 25.4 cm' });
    expect(byName('A4')).toMatchObject({ inchText: '8.3 × 11.7 in', cmText: '21 × 29.7 cm' });
    expect(byName('50 × 70 cm')).toMatchObject({ inchText: '19.7 × 27.6 in', cmText: '50 × 70 cm' });
  });
});

describe('what pixels print at', () => {
  it('finds the ratio of pixels either way up, or none', () => {
    expect(ratioOfPixels(7200, 10800)?.id).toBe('2x3');
    expect(ratioOfPixels(10800, 7200)?.id).toBe('2x3');
    expect(ratioOfPixels(2480, 3508)?.id).toBe('iso-a');
    expect(ratioOfPixels(1000, 1000)).toBeUndefined();
  });

  it('lists the sizes of their ratio that they fill at 300 DPI', () => {
    expect(printSizesAt(2400, 3000).map((s) => s.name)).toEqual(['4 × 5 in', '8 × 10 in']);
    expect(printSizesAt(7200, 10080).map((s) => s.name)).toEqual([
      '5 × 7 in',
      '10 × 14 in',
      '50 × 70 cm',
      '20 × 28 in',
    ]);
    // 2480 × 3508 px is how A4 is made at 300 DPI, though 2480 px is 209.97 mm.
    expect(printSizesAt(2480, 3508).map((s) => s.name)).toEqual(['A5', 'A4']);
    expect(printSizesAt(2479, 3508).map((s) => s.name)).toEqual(['A5']);
    expect(printSizesAt(1000, 1000)).toEqual([]);
  });

  it('gives the largest at any DPI', () => {
    expect(largestPrintAt(7200, 10800, 300)?.name).toBe('24 × 36 in');
    expect(largestPrintAt(7200, 10800, 600)?.name).toBe('12 × 18 in');
    expect(largestPrintAt(10800, 7200)?.name).toBe('24 × 36 in');
    expect(largestPrintAt(600, 900)).toBeUndefined();
  });

  it('labels a file with its pixels and what it prints at', () => {
    expect(printLabel(7200, 10800)).toBe('7200 × 10800 px — up to 24 × 36 in at 300 DPI');
    expect(printLabel(7016, 9933)).toBe('7016 × 9933 px — up to A1 at 300 DPI');
    expect(printLabel(900, 1200)).toBe('900 × 1200 px — 3 × 4 in at 300 DPI');
    expect(printLabel(1000, 1100)).toBe('1000 × 1100 px — 3.3 × 3.7 in at 300 DPI');
  });
});
