import { describe, expect, it } from 'vitest';
import { printRatio } from '#shared/prints/print-sizes.ts';
import { ratioFileName } from './ratio-file-name';

describe("a pack file's name", () => {
  it('says the title, the ratio and the sizes it prints at 300 DPI', () => {
    expect(ratioFileName('Museum Arches', 1, printRatio('4x5'), { width: 4800, height: 6000 }, 'jpg')).toBe(
      'Museum Arches – 4x5 (4x5, 8x10, 16x20 in).jpg',
    );
    expect(ratioFileName('Museum Arches', 1, printRatio('5x7'), { width: 7200, height: 10080 }, 'jpg')).toBe(
      'Museum Arches – 5x7 (5x7, 10x14, 20x28 in, 50x70 cm).jpg',
    );
    expect(ratioFileName('Museum Arches', 1, printRatio('iso-a'), { width: 2480, height: 3508 }, 'png')).toBe(
      'Museum Arches – ISO A (A5, A4).png',
    );
  });

  it('has no brackets when the crop is too small for any standard size', () => {
    expect(ratioFileName('Tiny', 1, printRatio('3x4'), { width: 1200, height: 1600 }, 'jpg')).toBe('Tiny – 3x4.jpg');
  });

  it('leaves out what file systems refuse, and names the artwork by id when nothing of the title is left', () => {
    expect(ratioFileName('Sun/Moon: "Day"?', 1, printRatio('2x3'), { width: 1200, height: 1800 }, 'jpg')).toBe(
      'Sun Moon Day – 2x3 (4x6 in).jpg',
    );
    expect(ratioFileName('../..', 42, printRatio('2x3'), { width: 1200, height: 1800 }, 'jpg')).toBe(
      'artwork-42 – 2x3 (4x6 in).jpg',
    );
  });
});
