import { describe, expect, it } from 'vitest';
import { advanceTiles, HERO_FADE_MS, HERO_MAX_DELAY_MS, HERO_MIN_DELAY_MS, HERO_STAGGER_MS, initialTiles } from './hero-rotation';

const fixed = (value: number) => () => value;

describe('hero collage rotation (spec §9)', () => {
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
