import type { ColorFamily } from '#shared/catalogue/browse-facets.ts';
import { chromaOf, hexToOklab, type Oklab } from './oklab';

type HueFamily = Exclude<ColorFamily, 'multicolor' | 'black' | 'white' | 'gray'>;

/** Below this OKLab chroma a colour reads as a neutral: black, gray or white by its lightness alone. */
export const ACHROMATIC_CHROMA = 0.03;
/** Darker than this, any colour reads as black (a near-black navy or brown is not a blue or a brown on a wall). */
export const BLACK_LIGHTNESS = 0.2;
/** Darker than this, a colour reads as black unless it is at least DARK_COLOR_CHROMA colourful (navy is). */
export const NEAR_BLACK_LIGHTNESS = 0.25;
export const DARK_COLOR_CHROMA = 0.06;
/** A neutral darker than this is black; #222 is, #333 (charcoal) is gray. */
export const NEUTRAL_BLACK_BELOW = 0.28;
/** A neutral lighter than this is white; #f0f0f0 and ivory are, #e0e0e0 (light gray) is gray. */
export const NEUTRAL_WHITE_ABOVE = 0.92;

/**
 * Each family's reference colours: a coloured palette colour belongs to the family of the one nearest it in OKLab.
 * Several per family where the family spans lightness or hue (light and dark blues, olive and mint greens);
 * beige and brown hold the light and the dark low-chroma warm colours, so they are told apart from orange and
 * yellow by chroma and from each other by lightness.
 */
const REFERENCES: Record<HueFamily, readonly string[]> = {
  red: ['#d32f2f', '#ff0000', '#dc143c', '#b71c1c', '#8b0000', '#800020', '#722f37'],
  orange: ['#f57c00', '#ff8c00', '#ffa500', '#ff7f50', '#e2725b', '#cc7722', '#b7410e', '#f4a460'],
  yellow: ['#fbc02d', '#ffff00', '#ffd700', '#ffdb58', '#ffbf00', '#daa520', '#fff176', '#c9b037'],
  green: [
    '#388e3c',
    '#008000',
    '#32cd32',
    '#98ff98',
    '#228b22',
    '#808000',
    '#6b8e23',
    '#9acd32',
    '#9caf88',
    '#556b2f',
    '#1b4d2e',
    '#013220',
    '#c5e1a5',
  ],
  teal: ['#00897b', '#008080', '#40e0d0', '#00ffff', '#7fffd4', '#5f9ea0', '#004d4d'],
  blue: [
    '#1e63c4',
    '#0000ff',
    '#000080',
    '#4682b4',
    '#87ceeb',
    '#89cff0',
    '#1560bd',
    '#191970',
    '#483d8b',
    '#778899',
    '#b0c4de',
    '#add8e6',
    '#bbdefb',
  ],
  purple: ['#7b1fa2', '#800080', '#4b0082', '#b57edc', '#e0b0ff', '#8e4585', '#9370db', '#4a148c', '#614051'],
  pink: ['#ec6fa0', '#ffc0cb', '#ff69b4', '#ff1493', '#ff00ff', '#fa8072', '#f8bbd0', '#c2185b'],
  brown: ['#795136', '#7b3f00', '#8b4513', '#a0522d', '#3c2218', '#5d4037', '#6f4e37', '#8b7355'],
  beige: ['#e3d3b4', '#f5f5dc', '#d2b48c', '#c3b091', '#fffdd0', '#ffe5b4', '#c2b280', '#efe6d2'],
};

const REFERENCE_POINTS = Object.entries(REFERENCES).flatMap(([family, hexes]) =>
  hexes.map((hex) => ({ family: family as HueFamily, lab: hexToOklab(hex) })),
);

/**
 * How much a difference in chroma counts, against one in lightness or hue. OKLab's ΔE² is ΔL² + ΔC² + ΔH²; chroma
 * counts at three quarters, so that a muted colour is not drawn to whichever family has a muted reference colour.
 */
export const CHROMA_WEIGHT = 0.75;
/**
 * A hue difference counts as if both colours had at least this chroma. In ΔE the hue term shrinks with chroma, so a
 * muted slate blue or sage green would go by lightness alone; a colour past ACHROMATIC_CHROMA has a hue worth
 * reading.
 */
export const HUE_CHROMA_FLOOR = 0.1;

/** ΔL² + (CHROMA_WEIGHT·ΔC)² + ΔH², ΔH taken at a chroma of at least HUE_CHROMA_FLOOR. */
function squaredDistance(x: Oklab, y: Oklab): number {
  const [cx, cy] = [chromaOf(x), chromaOf(y)];
  const angle = Math.abs(Math.atan2(x.b, x.a) - Math.atan2(y.b, y.a));
  const hue = 2 * Math.max(Math.sqrt(cx * cy), HUE_CHROMA_FLOOR) * Math.sin(Math.min(angle, 2 * Math.PI - angle) / 2);
  return (x.L - y.L) ** 2 + (CHROMA_WEIGHT * (cx - cy)) ** 2 + hue ** 2;
}

/** The family of one colour in OKLab (the palette reader has it already converted). */
export function colorFamilyOfOklab(lab: Oklab): Exclude<ColorFamily, 'multicolor'> {
  const chroma = chromaOf(lab);
  if (lab.L < BLACK_LIGHTNESS || (lab.L < NEAR_BLACK_LIGHTNESS && chroma < DARK_COLOR_CHROMA)) return 'black';
  if (chroma < ACHROMATIC_CHROMA) {
    if (lab.L < NEUTRAL_BLACK_BELOW) return 'black';
    return lab.L > NEUTRAL_WHITE_ABOVE ? 'white' : 'gray';
  }
  let nearest = REFERENCE_POINTS[0]!;
  for (const point of REFERENCE_POINTS) {
    if (squaredDistance(lab, point.lab) < squaredDistance(lab, nearest.lab)) nearest = point;
  }
  return nearest.family;
}

/** The colour family of '#rrggbb': one of the 13 families a palette colour can have (never multicolor). */
export function colorFamilyOf(hex: string): Exclude<ColorFamily, 'multicolor'> {
  return colorFamilyOfOklab(hexToOklab(hex));
}
