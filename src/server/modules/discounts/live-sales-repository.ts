import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PricePoint } from './omnibus-price';
import type { Discount } from './price-order';
import { toDiscount } from './repository';

export interface LiveSale {
  discount: Discount;
  /** When it started: its start date, or when it was made for a sale without one. */
  startedAt: Date;
  /** The given artworks' prices recorded before it started, by artwork. */
  history: Map<number, PricePoint[]>;
}

/**
 * The automatic sales live at `now`, each with the price history before it started of the given artworks, in one
 * query (the catalogue asks this for every page it answers, so a page costs one query more, not one per artwork).
 * No sale live: no rows, and nothing more is read.
 */
export async function findLiveSalesWithHistory(
  db: Kysely<Database>,
  artworkIds: readonly number[],
  now: Date,
): Promise<LiveSale[]> {
  if (artworkIds.length === 0) return [];
  const at = now.toISOString();
  const rows = await db
    .selectFrom('discounts')
    .leftJoin('artwork_prices', (join) =>
      join
        .on('artwork_prices.artwork_id', 'in', [...artworkIds])
        .on((eb) =>
          eb('artwork_prices.recorded_at', '<', eb.fn.coalesce('discounts.starts_at', 'discounts.created_at')),
        ),
    )
    .selectAll('discounts')
    .select([
      'artwork_prices.artwork_id as price_artwork_id',
      'artwork_prices.price_cents as price_cents',
      'artwork_prices.recorded_at as price_recorded_at',
    ])
    .where('discounts.kind', '=', 'sale')
    .where('discounts.active', '=', 1)
    .where((eb) => eb.or([eb('discounts.starts_at', 'is', null), eb('discounts.starts_at', '<=', at)]))
    .where((eb) => eb.or([eb('discounts.ends_at', 'is', null), eb('discounts.ends_at', '>', at)]))
    .execute();

  const sales = new Map<number, LiveSale>();
  for (const row of rows) {
    let sale = sales.get(row.id);
    if (!sale) {
      sale = { discount: toDiscount(row), startedAt: new Date(row.starts_at ?? row.created_at), history: new Map() };
      sales.set(row.id, sale);
    }
    if (row.price_artwork_id === null || row.price_cents === null || row.price_recorded_at === null) continue;
    const points = sale.history.get(row.price_artwork_id) ?? [];
    points.push({ cents: row.price_cents, at: new Date(row.price_recorded_at) });
    sale.history.set(row.price_artwork_id, points);
  }
  return [...sales.values()];
}
