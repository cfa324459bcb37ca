import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COLOR_FAMILIES, COLOR_FAMILY_MIN_SHARE, type ColorFamily } from '#shared/catalogue/browse-facets.ts';
import { buildDemoCatalog, demoPictureOf } from './demo-catalog';
import { heightAt } from './demo-aspects';
import { composeArtworkSvg } from './demo-picture';

// Whether the demo's schemes span the shop's colour families: each picture drawn small, each pixel given the family
// it lies near by a rough rule in OKLCH (grey by lightness when it has little colour, brown and beige among the dark
// and pale oranges, else by hue), a family counted for a picture when it holds COLOR_FAMILY_MIN_SHARE of its pixels.
// A stand-in, not the store's own reading of palettes (modules/artworks/palette): it checks the demo, not the shop.

function oklch(r8: number, g8: number, b8: number): { l: number; c: number; h: number } {
  const lin = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [lin(r8), lin(g8), lin(b8)];
  const l_ = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m_ = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s_ = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const l = 0.2104542553 * l_ + 0.793617785 * m_ - 0.0040720468 * s_;
  const a = 1.9779984951 * l_ - 2.428592205 * m_ + 0.4505937099 * s_;
  const bb = 0.0259040371 * l_ + 0.7827717662 * m_ - 0.808675766 * s_;
  return { l, c: Math.hypot(a, bb), h: ((Math.atan2(bb, a) * 180) / Math.PI + 360) % 360 };
}

function familyOf(r: number, g: number, b: number): ColorFamily {
  const { l, c, h } = oklch(r, g, b);
  if (c < 0.035 || (l < 0.25 && c < 0.07)) return l < 0.32 ? 'black' : l > 0.93 ? 'white' : 'gray';
  if (l > 0.9 && c < 0.05) return 'white';
  const warm = h >= 20 && h < 100;
  if (warm && l > 0.8 && c < 0.09) return 'beige';
  if ((warm || h < 20) && l < 0.6 && c < 0.16) return 'brown';
  const hues: Array<[number, ColorFamily]> = [
    [10, 'pink'],
    [40, 'red'],
    [75, 'orange'],
    [115, 'yellow'],
    [165, 'green'],
    [215, 'teal'],
    [275, 'blue'],
    [330, 'purple'],
    [360, 'pink'],
  ];
  return hues.find(([end]) => h < end)?.[1] ?? 'pink';
}

const HUES: ColorFamily[] = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'];

async function familiesOf(svg: string): Promise<ColorFamily[]> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<ColorFamily, number>();
  for (let i = 0; i < data.length; i += info.channels) {
    const family = familyOf(data[i] as number, data[i + 1] as number, data[i + 2] as number);
    counts.set(family, (counts.get(family) ?? 0) + 1);
  }
  const pixels = info.width * info.height;
  const found = COLOR_FAMILIES.filter((family) => (counts.get(family) ?? 0) / pixels >= COLOR_FAMILY_MIN_SHARE);
  return found.filter((family) => HUES.includes(family)).length >= 3 ? [...found, 'multicolor'] : found;
}

describe('the demo catalogue’s colours', () => {
  it('finds at least three artworks in at least 11 of the 14 colour families', async () => {
    const works = buildDemoCatalog();
    const byFamily = new Map<ColorFamily, string[]>(COLOR_FAMILIES.map((family) => [family, []]));
    for (const work of works) {
      const size = { width: 120, height: heightAt(120, work.aspect) };
      for (const family of await familiesOf(composeArtworkSvg(demoPictureOf(work), size)))
        byFamily.get(family)?.push(work.title);
    }
    const counts = Object.fromEntries([...byFamily].map(([family, titles]) => [family, titles.length]));
    if (process.env.DEMO_COLOURS_VERBOSE) console.log(counts, Object.fromEntries(byFamily));
    expect(COLOR_FAMILIES.filter((family) => (byFamily.get(family) ?? []).length >= 3).length).toBeGreaterThanOrEqual(
      11,
    );
    // No family has nearly every artwork: the schemes vary within each category.
    for (const family of COLOR_FAMILIES) expect(byFamily.get(family)?.length ?? 0).toBeLessThan(works.length / 2);
  });
});
