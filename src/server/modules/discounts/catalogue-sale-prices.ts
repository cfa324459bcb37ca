import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findLiveSalesWithHistory } from './live-sales-repository';
import { wasPriceOf } from './omnibus-price';
import { salePriceOf } from './price-order';

export interface SalePrice {
  saleCents: number;
  /** The lowest price of the 30 days before the sale, to strike through; null when the sale is not below it. */
  wasCents: number | null;
}

/** An artwork as the sale rules read it: its id, category and list price. */
export interface PricedArtwork {
  id: number;
  category: string;
  priceCents: number;
  /** Sales lower the personal licence's price only: an artwork sold under a commercial licence alone has none. */
  offersPersonal: boolean;
}

/**
 * The sale price of each artwork a live automatic sale covers (by the checkout's rule, so the catalogue shows what
 * the cart will charge), with its "was" price. Artworks no sale covers are not in the map.
 */
export async function salePricesOf(
  db: Kysely<Database>,
  artworks: readonly PricedArtwork[],
  now: Date,
): Promise<Map<number, SalePrice>> {
  const prices = new Map<number, SalePrice>();
  const ids = [...new Set(artworks.map((artwork) => artwork.id))];
  const sales = await findLiveSalesWithHistory(db, ids, now);
  if (sales.length === 0) return prices;
  const discounts = sales.map((sale) => sale.discount);
  for (const artwork of artworks) {
    if (!artwork.offersPersonal) continue;
    const line = { artworkId: artwork.id, category: artwork.category, quantity: 1, listUnitCents: artwork.priceCents };
    const { unitCents, saleId } = salePriceOf(line, discounts, now);
    const sale = sales.find((candidate) => candidate.discount.id === saleId);
    if (!sale) continue;
    const history = sale.history.get(artwork.id) ?? [];
    prices.set(artwork.id, { saleCents: unitCents, wasCents: wasPriceOf(history, sale.startedAt, unitCents) });
  }
  return prices;
}
