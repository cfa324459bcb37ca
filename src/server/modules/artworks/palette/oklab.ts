// sRGB ↔ OKLab (Björn Ottosson, 2020): a colour space where straight-line distances follow perceived differences
// closely enough to cluster a picture's colours and to name them. The matrices are the published ones; a table of
// the 256 sRGB channel values' linear light spares a power per channel of every pixel.

/** L: lightness 0 (black) to 1 (white); a: green (−) to red (+); b: blue (−) to yellow (+). */
export interface Oklab {
  L: number;
  a: number;
  b: number;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const LINEAR = Float64Array.from({ length: 256 }, (_, i) => toLinear(i / 255));
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** 8-bit sRGB channels to OKLab. */
export function rgbToOklab(r: number, g: number, b: number): Oklab {
  const [lr, lg, lb] = [LINEAR[r]!, LINEAR[g]!, LINEAR[b]!];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return {
    L: 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    a: 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    b: 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  };
}

/** OKLab to 8-bit sRGB, each channel clamped into 0–255 (a cluster's mean may lie just outside the gamut). */
export function oklabToRgb({ L, a, b }: Oklab): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return linear.map((c) => Math.round(Math.min(1, Math.max(0, toGamma(Math.max(0, c)))) * 255)) as [
    number,
    number,
    number,
  ];
}

/** Euclidean distance in OKLab: the ΔE used to merge and to compare colours. */
export function deltaE(x: Oklab, y: Oklab): number {
  return Math.hypot(x.L - y.L, x.a - y.a, x.b - y.b);
}

/** Chroma: how far from gray (0). */
export const chromaOf = ({ a, b }: Oklab) => Math.hypot(a, b);
/** Hue angle in degrees, 0–360 (red ≈ 29, yellow ≈ 110, green ≈ 142, blue ≈ 264). */
export const hueOf = ({ a, b }: Oklab) => ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;

const HEX = /^#?([0-9a-f]{6})$/i;

/** '#rrggbb' (or 'rrggbb') to OKLab; anything else is a programming error. */
export function hexToOklab(hex: string): Oklab {
  const match = HEX.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = parseInt(match[1]!, 16);
  return rgbToOklab((n >> 16) & 255, (n >> 8) & 255, n & 255);
}

export function rgbToHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;
}
