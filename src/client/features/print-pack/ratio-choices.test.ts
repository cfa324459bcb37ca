import { describe, expect, it } from 'vitest';
import { printRatio } from '#shared/prints/print-sizes.ts';
import { ratioChoice, ratioChoices, smallPrintWarning } from './ratio-choices';

describe('what each ratio of a master prints at', () => {
  it('gives every ratio of a large 2:3 master its largest standard size, none of them small', () => {
    const choices = ratioChoices({ width: 7200, height: 10800 });
    expect(choices.map((c) => [c.label, c.reach, c.small])).toEqual([
      ['2:3', 'up to 24 × 36 in', false],
      ['3:4', 'up to 18 × 24 in', false],
      ['4:5', 'up to 24 × 30 in', false],
      ['5:7', 'up to 20 × 28 in', false],
      ['11:14', 'up to 22 × 28 in', false],
      ['ISO A (1:√2)', 'up to A1', false],
    ]);
    expect(choices[2]?.crop).toEqual({ width: 7200, height: 9000 });
  });

  it('marks a ratio whose crop prints below 8 × 10 in as small, and words the question', () => {
    // 1500 × 2100 px: the 5:7 crop is the whole master, 5 × 7 in at 300 DPI.
    const choice = ratioChoice(printRatio('5x7'), { width: 1500, height: 2100 });
    expect(choice.small).toBe(true);
    expect(smallPrintWarning(choice)).toBe(
      'At 300 DPI this crop prints at most 5 × 7 in, smaller than 8 × 10 in. Offer it anyway?',
    );
  });

  it('holds ISO A to A4, and takes A4 itself as large enough', () => {
    expect(ratioChoice(printRatio('iso-a'), { width: 2500, height: 3536 }).small).toBe(false);
    const a5 = ratioChoice(printRatio('iso-a'), { width: 1760, height: 2500 });
    expect(a5.largest?.name).toBe('A5');
    expect(smallPrintWarning(a5)).toMatch(/at most A5, smaller than A4/);
  });

  it('says the inches of a crop that fills no standard size', () => {
    const tiny = ratioChoice(printRatio('4x5'), { width: 900, height: 1200 });
    expect(tiny.largest).toBeUndefined();
    expect(tiny.reach).toBe('3 × 3.8 in');
    expect(tiny.small).toBe(true);
    expect(smallPrintWarning(tiny)).toBe(
      'At 300 DPI this crop prints at most 3 × 3.8 in, smaller than 8 × 10 in. Offer it anyway?',
    );
  });

  it('finds landscape crops in a landscape master', () => {
    expect(ratioChoice(printRatio('2x3'), { width: 3600, height: 2400 }).crop).toEqual({ width: 3600, height: 2400 });
  });

  it('has nothing to offer from a master too small for the ratio', () => {
    const none = ratioChoice(printRatio('11x14'), { width: 3, height: 2 });
    expect(none.crop).toEqual({ width: 0, height: 0 });
    expect(none.small).toBe(true);
  });
});
