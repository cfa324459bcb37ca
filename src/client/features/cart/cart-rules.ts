import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { firstOfferedTier, LICENCE_TIERS, type LicencePrices, type LicenceTier } from '#shared/licences/licences.ts';
import { toCents } from '#shared/money/money.ts';
import { readStoredArtwork } from '../../lib/stored-artwork';

export type CartArtwork = Pick<Artwork, 'id' | 'title' | 'artist' | 'category' | 'price' | 'imageUrl'> & {
  /** Absent on lines stored before pay what you want: a fixed price. */
  payWhatYouWant?: Artwork['payWhatYouWant'];
};

export interface CartItem {
  /**
   * `price` is the chosen licence's price when the line was added; for a pay-what-you-want artwork, the amount the
   * buyer chose (the suggested one from a card's quick add), and the line's quantity is always 1.
   */
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
  /** A pay-what-you-want artwork's amount as the buyer typed it; else its suggested price. */
  amount?: number,
): { artwork: CartArtwork; licence: LicenceTier } {
  if (artwork.payWhatYouWant)
    return { artwork: { ...artwork, price: amount ?? artwork.payWhatYouWant.suggested }, licence: 'personal' };
  const licence = chosen ?? (artwork.licences ? firstOfferedTier(artwork.licences) : 'personal');
  return { artwork: { ...artwork, price: artwork.licences?.[licence] ?? artwork.price }, licence };
}

/** A line's own copy of the artwork: what the cart shows and sends, nothing more. */
const lineArtwork = ({ id, title, artist, category, price, imageUrl, payWhatYouWant }: CartArtwork): CartArtwork => ({
  id,
  title,
  artist,
  category,
  price,
  imageUrl,
  ...(payWhatYouWant ? { payWhatYouWant } : {}),
});

const isLine = (item: CartItem, artworkId: number, licence: LicenceTier) =>
  item.artwork.id === artworkId && item.licence === licence;

export function addToCart(
  items: readonly CartItem[],
  artwork: CartArtwork,
  licence: LicenceTier = 'personal',
): CartItem[] {
  const { id } = artwork;
  if (items.some((item) => isLine(item, id, licence))) {
    // A pay-what-you-want artwork is bought once: adding it again sets the amount instead.
    if (artwork.payWhatYouWant)
      return items.map((item) => (isLine(item, id, licence) ? { ...item, artwork: lineArtwork(artwork) } : item));
    return items.map((item) => (isLine(item, id, licence) ? { ...item, quantity: item.quantity + 1 } : item));
  }
  return [...items, { artwork: lineArtwork(artwork), licence, quantity: 1 }];
}

/** A pay-what-you-want line's amount, as the buyer changed it in the cart (the server checks it). */
export function setCartAmount(items: readonly CartItem[], artworkId: number, amount: number): CartItem[] {
  return items.map((item) =>
    item.artwork.id === artworkId && item.artwork.payWhatYouWant
      ? { ...item, artwork: { ...item.artwork, price: amount } }
      : item,
  );
}

/**
 * The lines as the server prices them: a pay-what-you-want line with its amount in cents, which the server checks
 * (the quote, the payment and the free order alike); the other prices are the server's own.
 */
export function cartItemsForServer(
  items: readonly CartItem[],
): Array<{ id: number; quantity: number; licence: LicenceTier; amount?: number }> {
  return items.map(({ artwork, quantity, licence }) => ({
    id: artwork.id,
    quantity,
    licence,
    ...(artwork.payWhatYouWant ? { amount: toCents(artwork.price) } : {}),
  }));
}

export function setCartQuantity(
  items: readonly CartItem[],
  artworkId: number,
  quantity: number,
  licence: LicenceTier = 'personal',
): CartItem[] {
  if (quantity <= 0) return removeFromCart(items, artworkId, licence);
  return items.map((item) =>
    isLine(item, artworkId, licence)
      ? { ...item, quantity: item.artwork.payWhatYouWant ? 1 : Math.floor(quantity) }
      : item,
  );
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
    const single = artwork.payWhatYouWant !== null;
    lines.push({ artwork: lineArtwork(artwork), licence, quantity: single ? 1 : (quantity as number) });
  }
  return lines;
}
