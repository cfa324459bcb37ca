import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import { discountPercent } from '#shared/money/money.ts';

export type ArtworkPrices = Pick<Artwork, 'price' | 'originalPrice' | 'salePrice' | 'wasPrice'> & {
  payWhatYouWant?: Artwork['payWhatYouWant'];
};

/**
 * The price a card or the artwork page shows, and the one struck through beside it: under a live sale, the sale
 * price and the lowest price of the 30 days before the sale (the server's `wasPrice`, the EU Omnibus rule), never
 * the owner's compare-at price; otherwise the price and the compare-at price, as before sales existed.
 */
export function shownPrice(artwork: ArtworkPrices): { price: number; was: number | null; percentOff: number | null } {
  // The buyer names a pay-what-you-want price: nothing is struck through, as nothing is taken off.
  if (artwork.payWhatYouWant) return { price: artwork.price, was: null, percentOff: null };
  const price = artwork.salePrice ?? artwork.price;
  const was = artwork.salePrice === null ? artwork.originalPrice : artwork.wasPrice;
  const percentOff = discountPercent(price, was);
  return { price, was: percentOff === null ? null : was, percentOff };
}
