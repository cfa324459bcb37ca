import { describe, expect, it } from 'vitest';
import { masterPrintSizes, sizeAnswer } from './master-print-sizes';
import { bothUnitsLabel, defaultWallSize, nearestRatio, wallSizeChoice } from './wall-sizes';

/** The print sizes as the artwork answer carries them, for a master of this size. */
const printSizesOf = (width: number, height: number) =>
  masterPrintSizes({ width, height }).map((entry) => ({ ...entry, sizes: entry.sizes.map(sizeAnswer) }));

const picture = (width: number, height: number) => [{ url: '/p.jpg', width, height }];

describe('the sizes the wall preview offers', () => {
  it("offers the pack's sizes per ratio, the way up the master is, with exact inch sides", () => {
    const choice = wallSizeChoice({ printSizes: printSizesOf(8640, 10800), images: [] });
    expect(choice.fallback).toBe(false);
    const byId = new Map(choice.groups.flatMap((group) => group.sizes).map((size) => [size.id, size]));
    expect(byId.get('8 × 10 in')?.sides).toEqual({ width: 8, height: 10 });
    expect(byId.get('24 × 36 in')?.sides).toEqual({ width: 24, height: 36 });
    expect(byId.get('24 × 36 in')?.label).toBe('24 × 36 in (61 × 91.4 cm)');
    // A4 is 210 × 297 mm: its sides are exact, not its rounded 8.3 × 11.7 in.
    expect(byId.get('A4')?.sides.width).toBeCloseTo(210 / 25.4, 10);
    expect(byId.get('A4')?.label).toBe('A4 (21 × 29.7 cm · 8.3 × 11.7 in)');
    expect(byId.get('50 × 70 cm')?.label).toBe('50 × 70 cm (19.7 × 27.6 in)');
    expect(choice.groups.map((group) => group.label)).toEqual(['2:3', '3:4', '4:5', '5:7', '11:14', 'ISO A (1:√2)']);
  });

  it('turns the sizes across for a landscape master', () => {
    const choice = wallSizeChoice({ printSizes: printSizesOf(10800, 8640), images: [] });
    const size = choice.groups.flatMap((group) => group.sizes).find((candidate) => candidate.id === '8 × 10 in');
    expect(size?.sides).toEqual({ width: 10, height: 8 });
  });

  it("falls back to the common sizes of the picture's ratio, or the nearest standard one, when the pack's are unknown", () => {
    const choice = wallSizeChoice({ printSizes: [], images: picture(1600, 1200) });
    expect(choice.fallback).toBe(true);
    expect(choice.groups).toHaveLength(1);
    expect(choice.groups[0]?.label).toBe('3:4');
    expect(choice.groups[0]?.sizes.map((size) => size.id)).toEqual([
      '6 × 8 in',
      '9 × 12 in',
      '12 × 16 in',
      '18 × 24 in',
    ]);
    expect(choice.groups[0]?.sizes[0]?.sides).toEqual({ width: 8, height: 6 });
    // 1000 × 1300 is no standard ratio: 0.769 is nearest 11:14 (0.786).
    expect(nearestRatio(1000, 1300).id).toBe('11x14');
    expect(wallSizeChoice({ printSizes: [], images: [] }).groups).toEqual([]);
  });

  it('a master too small for any standard size falls back to the picture too', () => {
    const choice = wallSizeChoice({ printSizes: printSizesOf(900, 1200), images: picture(800, 1000) });
    expect(choice.fallback).toBe(true);
    expect(choice.groups[0]?.label).toBe('4:5');
  });

  it("shows first the largest size up to 24 in long of the master's own ratio", () => {
    const printSizes = printSizesOf(4800, 6000);
    expect(defaultWallSize(wallSizeChoice({ printSizes, images: [] }), printSizes).id).toBe('16 × 20 in');
    const large = printSizesOf(8640, 10800);
    expect(defaultWallSize(wallSizeChoice({ printSizes: large, images: [] }), large).id).toBe('16 × 20 in');
  });

  it('names a size in both units', () => {
    expect(bothUnitsLabel({ name: '8 × 10 in', inches: '8 × 10 in', cm: '20.3 × 25.4 cm' })).toBe(
      '8 × 10 in (20.3 × 25.4 cm)',
    );
  });
});
