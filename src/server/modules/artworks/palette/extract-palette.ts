import { PALETTE_MAX_COLORS, type PaletteColor } from '#shared/catalogue/browse-facets.ts';
import { kMeans, mergeClose, type WeightedColor } from './cluster-colors';
import { colorFamilyOf } from './color-family';
import { oklabToRgb, rgbToHex, rgbToOklab } from './oklab';
import { roundWeights } from './round-weights';
import { shrinkToPixels, type Pixels, type ShrinkOptions } from '../../../operations/children/shrink-to-pixels';

/** The picture is read shrunk to at most this many pixels across: plenty for colours, and about 1 ms of maths. */
export const PALETTE_SAMPLE_PX = 100;
/** Two palette colours closer than this ΔE (OKLab) are one: shades of one colour that a viewer does not tell apart. */
export const MERGE_DELTA_E = 0.05;
/** A colour covering less of the picture than this is not a palette colour (an anti-aliased edge, a speck). */
export const MIN_COLOR_SHARE = 0.02;
/**
 * k-means looks for more clusters than a palette keeps: with only five, two distinct colours of a six-colour
 * picture would be averaged into one colour that is in neither.
 */
export const CLUSTER_COUNT = 8;
/**
 * A palette is read from the public preview's largest rendition (1600 px wide at most), never from a master; a
 * picture claiming more pixels than this is refused before it is decoded.
 */
export const PALETTE_MAX_INPUT_PIXELS = 4096 * 4096;

/** Shrinks a picture to the pixels its palette is read from: here, or in a child process (palette-reader.ts). */
export type ShrinkPicture = (picture: Buffer | string, options: ShrinkOptions) => Promise<Pixels>;

/**
 * The picture's pixels, shrunk, as distinct colours with their counts (in pixel order, so the same picture always
 * gives the same list). Fully transparent pixels are left out; partly transparent ones are laid over white, as the
 * picture would show on a white page.
 */
async function sampledColors(picture: Buffer | string, shrink: ShrinkPicture): Promise<WeightedColor[]> {
  const { data } = await shrink(picture, { edge: PALETTE_SAMPLE_PX, limitInputPixels: PALETTE_MAX_INPUT_PIXELS });
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha === 0) continue;
    const over = (c: number) => Math.round((data[i + c]! * alpha + 255 * (255 - alpha)) / 255);
    const rgb = (over(0) << 16) | (over(1) << 8) | over(2);
    counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
  }
  return [...counts].map(([rgb, count]) => ({
    lab: rgbToOklab((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255),
    weight: count,
  }));
}

/**
 * Up to PALETTE_MAX_COLORS dominant colours of a picture (a file path or its bytes), heaviest first, each with its
 * colour family. Clustered in OKLab: k-means (CLUSTER_COUNT clusters, deterministic k-means++ seeding), then
 * clusters closer than MERGE_DELTA_E merged, then the heaviest PALETTE_MAX_COLORS of those covering at least
 * MIN_COLOR_SHARE of the picture kept. A weight is a kept colour's share of the kept colours (so they add up to 1;
 * rounded in round-weights.ts). A picture with no visible pixel at all has an empty palette.
 */
export async function extractPalette(
  picture: Buffer | string,
  shrink: ShrinkPicture = shrinkToPixels,
): Promise<PaletteColor[]> {
  const points = await sampledColors(picture, shrink);
  if (points.length === 0) return [];
  const clusters = mergeClose(kMeans(points, CLUSTER_COUNT), MERGE_DELTA_E);
  const total = clusters.reduce((sum, cluster) => sum + cluster.weight, 0);
  const colors = clusters
    .map((cluster) => ({ hex: rgbToHex(oklabToRgb(cluster.lab)), weight: cluster.weight }))
    .sort((x, y) => y.weight - x.weight || x.hex.localeCompare(y.hex))
    // The heaviest colour is kept whatever its share: a picture of noise still has a palette.
    .filter((color, i) => i === 0 || color.weight >= MIN_COLOR_SHARE * total)
    .slice(0, PALETTE_MAX_COLORS);
  const weights = roundWeights(colors.map((color) => color.weight));
  return colors.map((color, i) => ({ hex: color.hex, weight: weights[i]!, family: colorFamilyOf(color.hex) }));
}
