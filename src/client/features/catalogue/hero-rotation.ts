// The home page collage: four tiles, each showing one of up to 25 pictures and changing to another
// after a random 2 to 5 seconds, tiles starting 0.8 s apart, with a 2.5 s cross-fade.
import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { PLACEHOLDER_IMAGE_URL } from '#shared/catalogue/artwork.ts';
import { stockImageUrl } from './stock-images';

export const HERO_TILES = 4;
export const HERO_POOL_SIZE = 25;
export const HERO_MIN_DELAY_MS = 2000;
export const HERO_MAX_DELAY_MS = 5000;
export const HERO_STAGGER_MS = 800;
export const HERO_FADE_MS = 2500;
export const HERO_TICK_MS = 100;

export interface HeroTile {
  /** Index into the pool of the picture shown now, and of the one it fades from. */
  current: number;
  previous: number | null;
  changeAt: number;
}

const nextDelay = (random: () => number) => HERO_MIN_DELAY_MS + random() * (HERO_MAX_DELAY_MS - HERO_MIN_DELAY_MS);

export function initialTiles(poolSize: number, now: number, random: () => number): HeroTile[] {
  return Array.from({ length: Math.min(HERO_TILES, poolSize) }, (_, i) => ({
    current: i,
    previous: null,
    changeAt: now + i * HERO_STAGGER_MS + nextDelay(random),
  }));
}

/** One tick: every tile whose time has come moves to a picture no tile is showing. Unchanged tiles stay identical. */
export function advanceTiles(tiles: HeroTile[], poolSize: number, now: number, random: () => number): HeroTile[] {
  if (poolSize <= tiles.length) return tiles;
  let changed = false;
  const next = tiles.map((tile) => ({ ...tile }));
  for (const tile of next) {
    if (now < tile.changeAt) continue;
    const shown = new Set(next.map((t) => t.current));
    const candidates = Array.from({ length: poolSize }, (_, i) => i).filter((i) => !shown.has(i));
    const pick = candidates[Math.floor(random() * candidates.length)] as number;
    tile.previous = tile.current;
    tile.current = pick;
    tile.changeAt = now + HERO_FADE_MS + nextDelay(random);
    changed = true;
  }
  return changed ? next : tiles;
}

/** A picture of the hero: an artwork (its tile links to it) or one of the store's stock pictures. */
export type HeroPicture = { kind: 'artwork'; artwork: Artwork } | { kind: 'stock'; url: string };

/**
 * Whether a picture fills an upright 4:5 tile with little cut off: upright or square (within 5 %). A landscape one
 * would show half of itself, a panorama a third; unknown sizes are taken as they come.
 */
const fitsTile = (artwork: Artwork) => {
  const largest = artwork.images[artwork.images.length - 1];
  return !largest || largest.width <= largest.height * 1.05;
};

/**
 * Up to 25 artworks that have a picture of their own that fits the tiles, filled up from the stock list; the stock
 * list alone when the artworks could not be loaded (pass null).
 */
export function heroPictures(artworks: readonly Artwork[] | null): HeroPicture[] {
  const own: HeroPicture[] = (artworks ?? [])
    .filter((artwork) => artwork.imageUrl !== PLACEHOLDER_IMAGE_URL && fitsTile(artwork))
    .slice(0, HERO_POOL_SIZE)
    .map((artwork) => ({ kind: 'artwork', artwork }));
  const stock: HeroPicture[] = Array.from({ length: HERO_POOL_SIZE - own.length }, (_, index) => ({
    kind: 'stock',
    url: stockImageUrl(index),
  }));
  return [...own, ...stock];
}
