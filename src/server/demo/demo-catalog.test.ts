import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artworkOrientationOf, ORIENTATIONS } from '#shared/catalogue/browse-facets.ts';
import { CATEGORY_IDS } from '#shared/catalogue/categories.ts';
import { canvasOf, heightAt } from './demo-aspects';
import { buildDemoCatalog, demoPictureOf } from './demo-catalog';
import { demoMasterSize } from './demo-master-size';
import { composeArtworkSvg } from './demo-picture';
import { RENDITION_WIDTHS } from './render-demo-images';

const works = buildDemoCatalog();
const largest = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1] as number;
const pictureSize = (work: (typeof works)[number]) => ({ width: largest, height: heightAt(largest, work.aspect) });

describe('the demo catalogue’s shapes', () => {
  it('has portrait, landscape, square and panoramic artworks, mostly portrait, in every category', () => {
    const orientations = works.map((work) => {
      const { width, height } = pictureSize(work);
      return artworkOrientationOf(width, height);
    });
    const counts = Object.fromEntries(ORIENTATIONS.map((o) => [o, orientations.filter((x) => x === o).length]));
    expect(counts).toEqual({ portrait: 38, landscape: 12, square: 6, panoramic: 4 });
    // Several ratios of each way up, not one of each.
    const ratios = (way: string) =>
      new Set(works.filter((_, i) => orientations[i] === way).map((w) => `${w.aspect.across}:${w.aspect.down}`));
    expect(ratios('portrait')).toEqual(new Set(['2:3', '3:4', '4:5']));
    expect(ratios('landscape')).toEqual(new Set(['3:2', '4:3', '5:4']));
    expect(ratios('panoramic')).toEqual(new Set(['2:1', '3:1']));
    for (const category of CATEGORY_IDS) {
      expect(works.filter((w, i) => w.category === category && orientations[i] === 'portrait').length).toBeGreaterThan(
        2,
      );
    }
  });

  it('gives each master the shape of its previews', () => {
    for (const work of works) {
      const master = demoMasterSize(work.aspect, work.seed);
      const canvas = canvasOf(work.aspect);
      expect(master.width * canvas.height).toBe(master.height * canvas.width);
      expect(artworkOrientationOf(master.width, master.height)).toBe(
        artworkOrientationOf(pictureSize(work).width, pictureSize(work).height),
      );
    }
  });

  it('draws a panorama in a box of its own shape: its sun is round, not stretched three times as wide', async () => {
    const panorama = works.find((work) => work.category === 'nature' && work.aspect.across === 3 * work.aspect.down)!;
    expect(composeArtworkSvg(demoPictureOf(panorama), { width: 600, height: 200 })).toContain('viewBox="0 0 2520 840"');
    const { data, info } = await sharp(
      Buffer.from(composeArtworkSvg(demoPictureOf(panorama), { width: 600, height: 200 })),
    )
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 600, height: 200 });
    // The sun is near white (#fff8e7); the dusk sky around it is pink, far less green.
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < data.length; i += 3) {
      if (data[i]! > 235 && data[i + 1]! > 230) {
        xs.push((i / 3) % 600);
        ys.push(Math.floor(i / 3 / 600));
      }
    }
    const across = Math.max(...xs) - Math.min(...xs);
    const down = Math.max(...ys) - Math.min(...ys);
    expect(across).toBeGreaterThan(20);
    expect(across / down).toBeGreaterThan(0.8);
    expect(across / down).toBeLessThan(1.25);
  });
});

describe('the demo catalogue’s seed', () => {
  it('makes the same catalogue and the same pictures every time', () => {
    expect(buildDemoCatalog()).toEqual(works);
    for (const work of works.slice(0, 12)) {
      expect(composeArtworkSvg(demoPictureOf(work), pictureSize(work))).toBe(
        composeArtworkSvg(demoPictureOf(work), pictureSize(work)),
      );
    }
  });

  it('draws a second view from another seed, in the same shape and colours', () => {
    const work = works.find((w) => w.hasVariation)!;
    const [main, second] = [demoPictureOf(work), demoPictureOf(work, 'variation')];
    expect(second).toEqual({ ...main, seed: main.seed + 50 });
    expect(composeArtworkSvg(second, pictureSize(work))).not.toBe(composeArtworkSvg(main, pictureSize(work)));
  });

  it('gives each category six colour schemes, one an artwork', () => {
    for (const category of CATEGORY_IDS) {
      const schemes = works.filter((w) => w.category === category).map((w) => w.scheme.name);
      expect(new Set(schemes).size).toBe(6);
    }
  });
});
