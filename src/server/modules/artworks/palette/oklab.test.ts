import { describe, expect, it } from 'vitest';
import { chromaOf, deltaE, hexToOklab, hueOf, oklabToRgb, rgbToHex, rgbToOklab } from './oklab';

describe('sRGB ↔ OKLab', () => {
  // Björn Ottosson's published values for the sRGB primaries and white.
  it.each([
    ['#ffffff', 1, 0, 0],
    ['#ff0000', 0.62796, 0.22486, 0.12585],
    ['#00ff00', 0.86644, -0.23389, 0.1795],
    ['#0000ff', 0.45201, -0.03246, -0.31153],
    ['#000000', 0, 0, 0],
  ])('%s has the reference OKLab values', (hex, L, a, b) => {
    const lab = hexToOklab(hex);
    expect(lab.L).toBeCloseTo(L, 3);
    expect(lab.a).toBeCloseTo(a, 3);
    expect(lab.b).toBeCloseTo(b, 3);
  });

  it('comes back to the same 8-bit colour for every step of each channel', () => {
    for (let v = 0; v < 256; v += 5) {
      const colors: Array<[number, number, number]> = [
        [v, 0, 0],
        [0, v, 0],
        [0, 0, v],
        [v, 255 - v, (v * 7) % 256],
      ];
      for (const [r, g, b] of colors) {
        expect(oklabToRgb(rgbToOklab(r, g, b))).toEqual([r, g, b]);
      }
    }
  });

  it('clamps a mean that lies outside the sRGB gamut', () => {
    expect(oklabToRgb({ L: 0.7, a: 0.4, b: 0.4 })).toEqual([255, 0, 0]);
    expect(oklabToRgb({ L: 1.2, a: 0, b: 0 })).toEqual([255, 255, 255]);
  });

  it('measures chroma, hue and ΔE', () => {
    const red = hexToOklab('#ff0000');
    expect(chromaOf(hexToOklab('#808080'))).toBeLessThan(1e-6);
    expect(hueOf(red)).toBeCloseTo(29.2, 0);
    expect(hueOf(hexToOklab('#0000ff'))).toBeCloseTo(264.1, 0);
    expect(deltaE(hexToOklab('#000000'), hexToOklab('#ffffff'))).toBeCloseTo(1, 5);
    expect(deltaE(red, red)).toBe(0);
  });

  it('reads and writes #rrggbb, and refuses anything else', () => {
    expect(rgbToHex([30, 99, 196])).toBe('#1e63c4');
    expect(hexToOklab('1E63C4')).toEqual(hexToOklab('#1e63c4'));
    expect(() => hexToOklab('#fff')).toThrow(/#rrggbb/);
    expect(() => hexToOklab('blue')).toThrow(/#rrggbb/);
  });
});
