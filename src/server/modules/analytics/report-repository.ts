import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Counter sums as read: PostgreSQL answers a sum of integers as a bigint's text, SQLite as a number. */
type Sum = number | string;

export interface SummedCounts {
  views: Sum;
  visitors: Sum;
  carts: Sum;
  checkouts: Sum;
  sales: Sum;
  revenue_cents: Sum;
}

const sums = (eb: ExpressionBuilder<Database, 'funnel_daily'>) => [
  eb.fn.sum<Sum>('funnel_daily.views').as('views'),
  eb.fn.sum<Sum>('funnel_daily.visitors').as('visitors'),
  eb.fn.sum<Sum>('funnel_daily.carts').as('carts'),
  eb.fn.sum<Sum>('funnel_daily.checkouts').as('checkouts'),
  eb.fn.sum<Sum>('funnel_daily.sales').as('sales'),
  eb.fn.sum<Sum>('funnel_daily.revenue_cents').as('revenue_cents'),
];

/** The range's counts by day (only days with a row). */
export function countsByDay(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom('funnel_daily')
    .select((eb) => ['funnel_daily.day', ...sums(eb)])
    .where('funnel_daily.day', '>=', from)
    .where('funnel_daily.day', '<=', to)
    .groupBy('funnel_daily.day')
    .orderBy('funnel_daily.day')
    .execute();
}

/** The range's counts by artwork, most viewed first, with the artwork's title (null once it is deleted). */
export function countsByArtwork(db: Kysely<Database>, from: string, to: string, limit: number) {
  return db
    .selectFrom('funnel_daily')
    .leftJoin('artworks', 'artworks.id', 'funnel_daily.artwork_id')
    .select((eb) => ['funnel_daily.artwork_id', 'artworks.title', ...sums(eb)])
    .where('funnel_daily.day', '>=', from)
    .where('funnel_daily.day', '<=', to)
    .groupBy(['funnel_daily.artwork_id', 'artworks.title'])
    .orderBy((eb) => eb.fn.sum('funnel_daily.views'), 'desc')
    .orderBy((eb) => eb.fn.sum('funnel_daily.sales'), 'desc')
    .orderBy('funnel_daily.artwork_id')
    .limit(limit)
    .execute();
}

/** The range's referring domains, most views first. */
export function countsByReferrer(db: Kysely<Database>, from: string, to: string, limit: number) {
  return db
    .selectFrom('funnel_referrers')
    .select((eb) => ['domain', eb.fn.sum<Sum>('views').as('views')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('domain')
    .orderBy((eb) => eb.fn.sum('views'), 'desc')
    .orderBy('domain')
    .limit(limit)
    .execute();
}
