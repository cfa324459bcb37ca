import type { ColumnType } from 'kysely';

// The owner's funnel (migration 0027), kept apart from schema.ts, which names it in `Database`. Days are UTC,
// written YYYY-MM-DD.

type Counter = ColumnType<number, number | undefined, number>;

/** One row per day and artwork: counters raised by upserts. */
export interface FunnelDailyTable {
  day: string;
  artwork_id: number;
  views: Counter;
  /** Distinct visitors who saw the artwork that day. */
  visitors: Counter;
  carts: Counter;
  checkouts: Counter;
  sales: Counter;
  revenue_cents: Counter;
}

/** Views per day, artwork and referring domain. */
export interface FunnelReferrersTable {
  day: string;
  artwork_id: number;
  domain: string;
  views: Counter;
}

/** The day's salt for visitors' hashes; deleted once its day is over. */
export interface FunnelSaltsTable {
  day: string;
  salt: string;
}

/** The day's visitor hashes per artwork, only to count each once; deleted with the salt. */
export interface FunnelVisitorsTable {
  day: string;
  artwork_id: number;
  visitor: string;
}
