// What the shop can be browsed by besides category and price: the colour families of an artwork's palette, its
// orientation, and the frames its print pack fills. No zod here: the shop page's code imports it.
import { PRINT_SIZES, type PrintSize } from '../prints/print-sizes';

/**
 * The colour families of the shop's swatches, in the order they are shown. A palette colour belongs to the family
 * whose reference colours lie nearest it in a perceptual colour space (server: modules/artworks/palette).
 */
export const COLOR_FAMILIES = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
  'brown',
  'beige',
  'black',
  'white',
  'gray',
  'multicolor',
] as const;
export type ColorFamily = (typeof COLOR_FAMILIES)[number];

/** The swatch a family is shown as (multicolor is drawn as a wheel of the others) and its name. */
export const COLOR_FAMILY_SWATCHES: Record<ColorFamily, { label: string; hex: string }> = {
  red: { label: 'Red', hex: '#d32f2f' },
  orange: { label: 'Orange', hex: '#f57c00' },
  yellow: { label: 'Yellow', hex: '#fbc02d' },
  green: { label: 'Green', hex: '#388e3c' },
  teal: { label: 'Teal', hex: '#00897b' },
  blue: { label: 'Blue', hex: '#1e63c4' },
  purple: { label: 'Purple', hex: '#7b1fa2' },
  pink: { label: 'Pink', hex: '#ec6fa0' },
  brown: { label: 'Brown', hex: '#795136' },
  beige: { label: 'Beige', hex: '#e3d3b4' },
  black: { label: 'Black', hex: '#1a1a1a' },
  white: { label: 'White', hex: '#fafafa' },
  gray: { label: 'Gray', hex: '#8f8f8f' },
  multicolor: { label: 'Multicolor', hex: '#888888' },
};

/** A family matches an artwork when its palette colours in that family weigh at least this much together. */
export const COLOR_FAMILY_MIN_SHARE = 0.15;

/** One dominant colour of an artwork: '#rrggbb' and its share of the picture (the shares add up to 1). */
export interface PaletteColor {
  hex: string;
  weight: number;
  /** The family nearest it, decided once when the palette is read. */
  family: ColorFamily;
}

/** A stored palette (JSON; null or unreadable: none yet). */
export function parsePalette(stored: string | null): PaletteColor[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as PaletteColor[]) : [];
  } catch {
    return [];
  }
}
/** At most this many dominant colours are kept, heaviest first. */
export const PALETTE_MAX_COLORS = 5;

export const ORIENTATIONS = ['portrait', 'landscape', 'square', 'panoramic'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** Square: width and height within 5 % of each other. */
export const SQUARE_TOLERANCE = 0.05;
/** Panoramic: at least twice as wide as high. A panoramic artwork is a landscape one too. */
export const PANORAMIC_RATIO = 2;

export function artworkOrientationOf(width: number, height: number): Orientation {
  if (Math.abs(width / height - 1) <= SQUARE_TOLERANCE) return 'square';
  if (width >= PANORAMIC_RATIO * height) return 'panoramic';
  return width > height ? 'landscape' : 'portrait';
}

/** Whether an artwork of `orientation` is listed under the shop's orientation filter `wanted`. */
export function orientationMatches(wanted: Orientation, orientation: Orientation): boolean {
  return wanted === orientation || (wanted === 'landscape' && orientation === 'panoramic');
}

/** A print size's value in the shop's URL: '8x10' (inches), 'a4', '50x70cm'. */
export function frameValueOf(size: PrintSize): string {
  if (size.unit === 'iso') return size.name.toLowerCase();
  return `${size.short}x${size.long}${size.unit === 'cm' ? 'cm' : ''}`;
}

/** Every standard print size as a "fits my frame" value, in PRINT_SIZES's order (by ratio, smallest first). */
export const FRAME_VALUES = PRINT_SIZES.map(frameValueOf) as readonly string[];

export function frameSizeOf(value: string): PrintSize | undefined {
  return PRINT_SIZES.find((size) => frameValueOf(size) === value);
}

/** Families that name a hue; the neutrals (black, white, gray, beige, brown) never make a picture multicoloured. */
const HUES: readonly ColorFamily[] = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'];
/** Multicolor: at least this many hue families each holding COLOR_FAMILY_MIN_SHARE of the palette. */
export const MULTICOLOR_MIN_HUES = 3;

/**
 * The colour families an artwork is listed under: each family whose palette colours weigh at least
 * COLOR_FAMILY_MIN_SHARE together, and multicolor when MULTICOLOR_MIN_HUES of those are hues.
 */
export function familiesOfPalette(palette: readonly PaletteColor[]): ColorFamily[] {
  const shares = new Map<ColorFamily, number>();
  for (const color of palette) shares.set(color.family, (shares.get(color.family) ?? 0) + color.weight);
  const families = COLOR_FAMILIES.filter((family) => (shares.get(family) ?? 0) >= COLOR_FAMILY_MIN_SHARE);
  const hues = families.filter((family) => HUES.includes(family)).length;
  return hues >= MULTICOLOR_MIN_HUES ? [...families, 'multicolor'] : families;
}
