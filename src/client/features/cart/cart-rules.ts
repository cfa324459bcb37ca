import type { Artwork } from '#shared/artwork-schema.ts';
import { readStoredArtwork } from '../../lib/stored-artwork';

export type CartArtwork = Pick<Artwork, 'id' | 'title' | 'artist' | 'category' | 'price' | 'imageUrl'>;

export interface CartItem {
  artwork: CartArtwork;
  quantity: number;
}

// The cart's rules (the same artwork again adds one to its line; a quantity of 0 or less removes the line), as
// pure functions so they are tested without a browser.

export function addToCart(items: readonly CartItem[], artwork: CartArtwork): CartItem[] {
  const { id, title, artist, category, price, imageUrl } = artwork;
  if (items.some((item) => item.artwork.id === id)) {
    return items.map((item) => (item.artwork.id === id ? { ...item, quantity: item.quantity + 1 } : item));
  }
  return [...items, { artwork: { id, title, artist, category, price, imageUrl }, quantity: 1 }];
}

export function setCartQuantity(items: readonly CartItem[], artworkId: number, quantity: number): CartItem[] {
  if (quantity <= 0) return removeFromCart(items, artworkId);
  return items.map((item) => (item.artwork.id === artworkId ? { ...item, quantity: Math.floor(quantity) } : item));
}

export function removeFromCart(items: readonly CartItem[], artworkId: number): CartItem[] {
  return items.filter((item) => item.artwork.id !== artworkId);
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Whatever is stored is only trusted as far as it has the shape of a cart line; missing fields get their defaults. */
export function parseCart(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const lines: CartItem[] = [];
  for (const entry of raw as unknown[]) {
    const line = entry as { artwork?: unknown; quantity?: unknown } | null | undefined;
    const artwork = readStoredArtwork(line?.artwork);
    const quantity = line?.quantity;
    if (!artwork || !Number.isInteger(quantity) || (quantity as number) <= 0) continue;
    if (lines.some((line) => line.artwork.id === artwork.id)) continue;
    const { id, title, artist, category, price, imageUrl } = artwork;
    lines.push({ artwork: { id, title, artist, category, price, imageUrl }, quantity: quantity as number });
  }
  return lines;
}
