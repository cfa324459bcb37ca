import { describe, expect, it } from 'vitest';
import {
  artworkOrientationOf,
  FRAME_VALUES,
  familiesOfPalette,
  frameSizeOf,
  orientationMatches,
} from './browse-facets';
import { framesFilled } from './frames-filled';

describe('artworkOrientationOf', () => {
  it('calls a picture square within 5 %, panoramic from 2:1, else by its longer side', () => {
    expect(artworkOrientationOf(1000, 1050)).toBe('square');
    expect(artworkOrientationOf(1000, 1060)).toBe('portrait');
    expect(artworkOrientationOf(1999, 1000)).toBe('landscape');
    expect(artworkOrientationOf(2000, 1000)).toBe('panoramic');
    expect(artworkOrientationOf(1000, 3000)).toBe('portrait');
  });
  it('lists a panoramic artwork under landscape too, and nothing else under two names', () => {
    expect(orientationMatches('landscape', 'panoramic')).toBe(true);
    expect(orientationMatches('panoramic', 'landscape')).toBe(false);
    expect(orientationMatches('portrait', 'square')).toBe(false);
  });
});

describe('frame values', () => {
  it('names the sizes the shop links to', () => {
    for (const value of ['8x10', '11x14', '24x36', 'a4', 'a3', '50x70cm']) expect(FRAME_VALUES).toContain(value);
    expect(frameSizeOf('a4')?.name).toBe('A4');
    expect(frameSizeOf('50x70cm')?.name).toBe('50 × 70 cm');
    expect(frameSizeOf('9x9')).toBeUndefined();
  });
  it('lists the frames a master fills at 300 DPI in its offered ratios only', () => {
    // 2400 × 3000 px: 4:5 crops fill 8 × 10 in exactly; 2:3 crops (2000 × 3000) fill 4 × 6 in.
    expect(framesFilled({ width: 2400, height: 3000 }, ['4x5'])).toEqual(['4x5', '8x10']);
    expect(framesFilled({ width: 2400, height: 3000 }, ['2x3'])).toEqual(['4x6']);
  });
});

describe('familiesOfPalette', () => {
  it('lists a family holding 15 % of the palette, summed over its colours', () => {
    const families = familiesOfPalette([
      { hex: '#1e63c4', weight: 0.7, family: 'blue' },
      { hex: '#d32f2f', weight: 0.08, family: 'red' },
      { hex: '#e53935', weight: 0.08, family: 'red' },
      { hex: '#fafafa', weight: 0.14, family: 'white' },
    ]);
    expect(families).toEqual(['red', 'blue']);
  });
  it('adds multicolor for three hues of 15 % each, never for neutrals', () => {
    const hues = familiesOfPalette([
      { hex: '#d32f2f', weight: 0.3, family: 'red' },
      { hex: '#fbc02d', weight: 0.3, family: 'yellow' },
      { hex: '#1e63c4', weight: 0.4, family: 'blue' },
    ]);
    expect(hues).toEqual(['red', 'yellow', 'blue', 'multicolor']);
    const neutrals = familiesOfPalette([
      { hex: '#1a1a1a', weight: 0.3, family: 'black' },
      { hex: '#fafafa', weight: 0.3, family: 'white' },
      { hex: '#8f8f8f', weight: 0.4, family: 'gray' },
    ]);
    expect(neutrals).toEqual(['black', 'white', 'gray']);
  });
});
