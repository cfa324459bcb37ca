import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeArtwork } from '#shared/catalogue/artwork.ts';
import {
  advanceTiles,
  HERO_FADE_MS,
  HERO_MAX_DELAY_MS,
  HERO_MIN_DELAY_MS,
  HERO_STAGGER_MS,
  heroPictures,
  initialTiles,
} from './hero-rotation';
import { stockImageFor, stockImageUrl } from './stock-images';

const fixed = (value: number) => () => value;

describe('hero collage rotation', () => {
  it('starts four tiles 0.8 s apart, each after 2 to 5 s', () => {
    const early = initialTiles(25, 0, fixed(0));
    expect(early.map((t) => t.changeAt)).toEqual([0, 1, 2, 3].map((i) => i * HERO_STAGGER_MS + HERO_MIN_DELAY_MS));
    const late = initialTiles(25, 0, fixed(0.999999));
    expect(late[0]?.changeAt).toBeCloseTo(HERO_MAX_DELAY_MS, 0);
    expect(early.map((t) => t.current)).toEqual([0, 1, 2, 3]);
  });

  it('changes a due tile to a picture no tile shows, after the fade plus a new delay', () => {
    const tiles = initialTiles(25, 0, fixed(0));
    expect(advanceTiles(tiles, 25, 1999, fixed(0))).toBe(tiles);
    const next = advanceTiles(tiles, 25, 2000, fixed(0));
    expect(next[0]).toEqual({ current: 4, previous: 0, changeAt: 2000 + HERO_FADE_MS + HERO_MIN_DELAY_MS });
    expect(next.slice(1)).toEqual(tiles.slice(1));
    const shown = next.map((t) => t.current);
    expect(new Set(shown).size).toBe(4);
  });

  it('stays still when there are no more pictures than tiles', () => {
    const tiles = initialTiles(3, 0, fixed(0));
    expect(tiles).toHaveLength(3);
    expect(advanceTiles(tiles, 3, 99_999, fixed(0))).toBe(tiles);
  });
});

describe('hero pictures and stock fallbacks', () => {
  const withImage = (id: number) => normalizeArtwork({ id, imageUrl: `/files/${id}.webp` });

  it('uses artworks with a picture of their own and fills up to 25 from the stock list', () => {
    const pictures = heroPictures([withImage(1), normalizeArtwork({ id: 2 }), withImage(3)]);
    expect(pictures).toHaveLength(25);
    expect(pictures.slice(0, 2)).toEqual([
      { kind: 'artwork', artwork: withImage(1) },
      { kind: 'artwork', artwork: withImage(3) },
    ]);
    expect(pictures.slice(2).map((p) => (p.kind === 'stock' ? p.url : null))).toEqual(
      Array.from({ length: 23 }, (_, i) => stockImageUrl(i)),
    );
  });

  it('shows the 25 stock pictures when the artworks could not be loaded, and never more than 25 pictures', () => {
    const fallback = heroPictures(null);
    expect(new Set(fallback.map((p) => (p.kind === 'stock' ? p.url : ''))).size).toBe(25);
    const many = heroPictures(Array.from({ length: 30 }, (_, i) => withImage(i + 1)));
    expect(many).toHaveLength(25);
    expect(many.every((p) => p.kind === 'artwork')).toBe(true);
    expect(heroPictures(Array.from({ length: 30 }, (_, i) => withImage(i + 1)))).toHaveLength(25);
  });

  it('leaves out pictures wider than tall: an upright tile would show half of a landscape, a third of a panorama', () => {
    const shaped = (id: number, width: number, height: number) =>
      normalizeArtwork({ id, imageUrl: `/files/${id}.webp`, images: [{ url: `/files/${id}.webp`, width, height }] });
    const pictures = heroPictures([
      shaped(1, 1600, 2400),
      shaped(2, 1600, 1067),
      shaped(3, 1600, 1600),
      shaped(4, 1600, 533),
      shaped(5, 1600, 2000),
    ]);
    expect(pictures.flatMap((p) => (p.kind === 'artwork' ? [p.artwork.id] : []))).toEqual([1, 3, 5]);
    expect(pictures).toHaveLength(25);
  });

  it("picks a failed card's substitute by the first character of the artwork's id", () => {
    expect(stockImageFor(12)).toBe(stockImageFor(1));
    expect(stockImageFor(2)).not.toBe(stockImageFor(1));
    expect(stockImageFor(7)).toMatch(/^\/stock\/stock-\d{2}\.svg$/);
  });

  it('has a file for every stock picture', () => {
    for (let i = 0; i < 25; i++)
      expect(fs.existsSync(path.resolve('src/client/public', `.${stockImageUrl(i)}`)), stockImageUrl(i)).toBe(true);
  });
});
