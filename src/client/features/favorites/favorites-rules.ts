import type { Artwork } from '../../../shared/artwork';

// Spec §3/§4: favourites are whole artworks, no two with the same id.

export function addFavorite(items: readonly Artwork[], artwork: Artwork): Artwork[] {
  return items.some((item) => item.id === artwork.id) ? [...items] : [...items, artwork];
}

export function removeFavorite(items: readonly Artwork[], artworkId: number): Artwork[] {
  return items.filter((item) => item.id !== artworkId);
}

export function parseFavorites(raw: unknown): Artwork[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  return raw.filter((item): item is Artwork => {
    if (typeof item?.id !== 'number' || typeof item.title !== 'string' || seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}
