import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What one day and artwork adds to its counters. */
export interface DailyCounts {
  day: string;
  artworkId: number;
  views?: number;
  visitors?: number;
  carts?: number;
  checkouts?: number;
  sales?: number;
  revenueCents?: number;
}

/** Rows per statement: well under SQLite's limit of bound values, whatever a flush holds. */
const ROWS_PER_STATEMENT = 500;

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    yield rows.slice(start, start + ROWS_PER_STATEMENT);
}

const COUNTERS = ['views', 'visitors', 'carts', 'checkouts', 'sales', 'revenue_cents'] as const;

/** Raises the counters of each day and artwork, making the row on its first count (one statement for all). */
export async function addDailyCounts(db: Db, counts: readonly DailyCounts[]): Promise<void> {
  for (const chunk of chunks(counts))
    await db
      .insertInto('funnel_daily')
      .values(
        chunk.map((c) => ({
          day: c.day,
          artwork_id: c.artworkId,
          views: c.views ?? 0,
          visitors: c.visitors ?? 0,
          carts: c.carts ?? 0,
          checkouts: c.checkouts ?? 0,
          sales: c.sales ?? 0,
          revenue_cents: c.revenueCents ?? 0,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['day', 'artwork_id'])
          .doUpdateSet(
            Object.fromEntries(
              COUNTERS.map((name) => [
                name,
                sql<number>`${sql.ref(`funnel_daily.${name}`)} + ${sql.ref(`excluded.${name}`)}`,
              ]),
            ),
          ),
      )
      .execute();
}

export interface ReferrerCount {
  day: string;
  artworkId: number;
  domain: string;
  views: number;
}

export async function addReferrerCounts(db: Db, counts: readonly ReferrerCount[]): Promise<void> {
  for (const chunk of chunks(counts))
    await db
      .insertInto('funnel_referrers')
      .values(chunk.map((c) => ({ day: c.day, artwork_id: c.artworkId, domain: c.domain, views: c.views })))
      .onConflict((oc) =>
        oc
          .columns(['day', 'artwork_id', 'domain'])
          .doUpdateSet({ views: sql<number>`funnel_referrers.views + excluded.views` }),
      )
      .execute();
}

/**
 * Notes the day's visitors of each artwork; answers how many of them are new (not seen there that day before), by
 * artwork, which is what its `visitors` counter rises by.
 */
export async function addVisitors(
  db: Db,
  visitors: ReadonlyArray<{ day: string; artworkId: number; visitor: string }>,
): Promise<Map<string, number>> {
  const added = new Map<string, number>();
  for (const chunk of chunks(visitors)) {
    const rows = await db
      .insertInto('funnel_visitors')
      .values(chunk.map((v) => ({ day: v.day, artwork_id: v.artworkId, visitor: v.visitor })))
      .onConflict((oc) => oc.columns(['day', 'artwork_id', 'visitor']).doNothing())
      .returning(['day', 'artwork_id'])
      .execute();
    for (const row of rows) {
      const key = `${row.day}|${row.artwork_id}`;
      added.set(key, (added.get(key) ?? 0) + 1);
    }
  }
  return added;
}

/** Of `ids`, the artworks a visitor can see: drafts, scheduled ones and unknown ids are not counted. */
export async function publishedAmong(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('artworks')
    .select('id')
    .where('id', 'in', [...ids])
    .where('status', '=', 'published')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A paid order's lines by artwork: one sale of each artwork in it, and what its lines came to. */
export async function orderSalesByArtwork(
  trx: Db,
  orderId: number,
): Promise<Array<{ artworkId: number; revenueCents: number }>> {
  const rows = await trx
    .selectFrom('order_items')
    .select(['artwork_id', (eb) => eb.fn.sum<number | string>('line_total_cents').as('revenue')])
    .where('order_id', '=', orderId)
    .groupBy('artwork_id')
    .execute();
  return rows.map((row) => ({ artworkId: row.artwork_id, revenueCents: Number(row.revenue) }));
}

/** Deletes the salts and visitor hashes of days before `day`: after that, a hash names nobody. */
export async function forgetDaysBefore(db: Db, day: string): Promise<{ salts: number; visitors: number }> {
  const salts = await db.deleteFrom('funnel_salts').where('day', '<', day).executeTakeFirst();
  const visitors = await db.deleteFrom('funnel_visitors').where('day', '<', day).executeTakeFirst();
  return { salts: Number(salts.numDeletedRows), visitors: Number(visitors.numDeletedRows) };
}
