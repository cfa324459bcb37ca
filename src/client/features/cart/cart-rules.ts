import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { firstOfferedTier, LICENCE_TIERS, type LicencePrices, type LicenceTier } from '#shared/licences/licences.ts';
import { readStoredArtwork } from '../../lib/stored-artwork';

export type CartArtwork = Pick<Artwork, 'id' | 'title' | 'artist' | 'category' | 'price' | 'imageUrl'>;

export interface CartItem {
  /** `price` is the chosen licence's price when the line was added. */
  artwork: CartArtwork;
  licence: LicenceTier;
  quantity: number;
}

// The cart's rules (the same artwork under the same licence again adds one to its line; the other licence is a
// line of its own; a quantity of 0 or less removes the line), as pure functions so they are tested without a
// browser.

/**
 * The artwork as a cart line carries it under a licence: the one chosen, else the one its page selects first (a
 * card's or the favourites' quick add), at that licence's price.
 */
export function underLicence(
  artwork: CartArtwork & { licences?: LicencePrices },
  chosen?: LicenceTier,
): { artwork: CartArtwork; licence: LicenceTier } {
  const licence = chosen ?? (artwork.licences ? firstOfferedTier(artwork.licences) : 'personal');
  return { artwork: { ...artwork, price: artwork.licences?.[licence] ?? artwork.price }, licence };
}

const isLine = (item: CartItem, artworkId: number, licence: LicenceTier) =>
  item.artwork.id === artworkId && item.licence === licence;

export function addToCart(
  items: readonly CartItem[],
  artwork: CartArtwork,
  licence: LicenceTier = 'personal',
): CartItem[] {
  const { id, title, artist, category, price, imageUrl } = artwork;
  if (items.some((item) => isLine(item, id, licence))) {
    return items.map((item) => (isLine(item, id, licence) ? { ...item, quantity: item.quantity + 1 } : item));
  }
  return [...items, { artwork: { id, title, artist, category, price, imageUrl }, licence, quantity: 1 }];
}

export function setCartQuantity(
  items: readonly CartItem[],
  artworkId: number,
  quantity: number,
  licence: LicenceTier = 'personal',
): CartItem[] {
  if (quantity <= 0) return removeFromCart(items, artworkId, licence);
  return items.map((item) => (isLine(item, artworkId, licence) ? { ...item, quantity: Math.floor(quantity) } : item));
}

export function removeFromCart(
  items: readonly CartItem[],
  artworkId: number,
  licence: LicenceTier = 'personal',
): CartItem[] {
  return items.filter((item) => !isLine(item, artworkId, licence));
}

export function cartItemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** A stored line's licence: lines stored before licences existed were personal, as was everything sold then. */
const licenceOf = (value: unknown): LicenceTier => LICENCE_TIERS.find((tier) => tier === value) ?? 'personal';

/** Whatever is stored is only trusted as far as it has the shape of a cart line; missing fields get their defaults. */
export function parseCart(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const lines: CartItem[] = [];
  for (const entry of raw as unknown[]) {
    const line = entry as { artwork?: unknown; quantity?: unknown; licence?: unknown } | null | undefined;
    const artwork = readStoredArtwork(line?.artwork);
    const quantity = line?.quantity;
    if (!artwork || !Number.isInteger(quantity) || (quantity as number) <= 0) continue;
    const licence = licenceOf(line?.licence);
    if (lines.some((line) => isLine(line, artwork.id, licence))) continue;
    const { id, title, artist, category, price, imageUrl } = artwork;
    lines.push({ artwork: { id, title, artist, category, price, imageUrl }, licence, quantity: quantity as number });
  }
  return lines;
}
