import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { readStoredArtwork } from '../../lib/stored-artwork';

// Favourites are whole artworks, no two with the same id.

export function addFavorite(items: readonly Artwork[], artwork: Artwork): Artwork[] {
  return items.some((item) => item.id === artwork.id) ? [...items] : [...items, artwork];
}

export function removeFavorite(items: readonly Artwork[], artworkId: number): Artwork[] {
  return items.filter((item) => item.id !== artworkId);
}

/** Stored favourites, each read with its defaults; entries without an id, and repeats, are dropped. */
export function parseFavorites(raw: unknown): Artwork[] {
  if (!Array.isArray(raw)) return [];
  const favorites: Artwork[] = [];
  for (const entry of raw) {
    const artwork = readStoredArtwork(entry);
    if (artwork && !favorites.some((kept) => kept.id === artwork.id)) favorites.push(artwork);
  }
  return favorites;
}
