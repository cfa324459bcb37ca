import type { Kysely, Transaction } from 'kysely';
import type { Database, NewArtworkRow } from '../../db/schema';

// Every price an artwork has had, from when it had it (artwork_prices): a sale's "was" price is the lowest of the
// 30 days before it (discounts/omnibus-price.ts). Written with the artwork, in the same transaction, by every
// path that lists an artwork or changes its price; deleting an artwork leaves its history (nothing reads it then).

/** Inserts the artworks and records each one's price from when it was listed; returns their ids in order. */
export async function insertArtworksWithPrices(trx: Transaction<Database>, rows: readonly NewArtworkRow[]) {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('artworks')
    .values([...rows])
    .returning(['id', 'price_cents', 'created_at'])
    .execute();
  await trx
    .insertInto('artwork_prices')
    .values(
      inserted.map((row) => ({
        artwork_id: row.id,
        price_cents: row.price_cents,
        recorded_at: new Date(row.created_at).toISOString(),
      })),
    )
    .execute();
  return inserted.map((row) => row.id);
}

/** Records `priceCents` from `at` for those of `ids` whose price it changes (before the artworks are updated). */
export async function recordChangedPrices(
  db: Kysely<Database>,
  ids: readonly number[],
  priceCents: number,
  at: string,
) {
  if (ids.length === 0) return;
  await db
    .insertInto('artwork_prices')
    .columns(['artwork_id', 'price_cents', 'recorded_at'])
    .expression((eb) =>
      eb
        .selectFrom('artworks')
        .select((inner) => ['id', inner.val(priceCents).as('price_cents'), inner.val(at).as('recorded_at')])
        .where('id', 'in', [...ids])
        .where('price_cents', '!=', priceCents),
    )
    .execute();
}
