import type { Kysely } from 'kysely';
import {
  conversionOf,
  daysBetween,
  defaultFunnelRange,
  FUNNEL_MESSAGES,
  isFunnelRange,
} from '#shared/analytics/funnel.ts';
import type { FunnelFigures, FunnelReport } from '#shared/analytics/funnel-schema.ts';
import type { Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import type { FunnelCounter } from './funnel-counter';
import { countsByArtwork, countsByDay, countsByReferrer, type SummedCounts } from './report-repository';

const ARTWORK_ROWS = 200;
const REFERRER_ROWS = 20;

export interface FunnelReportDeps {
  db: Kysely<Database>;
  counter: FunnelCounter;
  currency: string;
}

const ZERO: SummedCounts = { views: 0, visitors: 0, carts: 0, checkouts: 0, sales: 0, revenue_cents: 0 };

function figuresOf(row: SummedCounts): FunnelFigures {
  const views = Number(row.views ?? 0);
  const sales = Number(row.sales ?? 0);
  return {
    views,
    visitors: Number(row.visitors ?? 0),
    carts: Number(row.carts ?? 0),
    checkouts: Number(row.checkouts ?? 0),
    sales,
    revenueCents: Number(row.revenue_cents ?? 0),
    conversion: conversionOf(sales, views),
  };
}

function addUp(rows: readonly FunnelFigures[]): FunnelFigures {
  const sum = (pick: (row: FunnelFigures) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return figuresOf({
    views: sum((r) => r.views),
    visitors: sum((r) => r.visitors),
    carts: sum((r) => r.carts),
    checkouts: sum((r) => r.checkouts),
    sales: sum((r) => r.sales),
    revenue_cents: sum((r) => r.revenueCents),
  });
}

/**
 * The owner's funnel for a range of UTC days (the last 30 by default). This instance's counts not yet written are
 * written first, so the owner sees the views just made on it; another instance's follow within its next flush.
 */
export async function funnelReport(
  deps: FunnelReportDeps,
  query: { from?: string; to?: string },
  now = new Date(),
): Promise<FunnelReport> {
  const fallback = defaultFunnelRange(now);
  const to = query.to ?? (query.from && query.from > fallback.to ? query.from : fallback.to);
  const from = query.from ?? (to < fallback.from ? to : fallback.from);
  if (!isFunnelRange(from, to)) throw new InvalidInputError(FUNNEL_MESSAGES.range, { to: [FUNNEL_MESSAGES.range] });
  await deps.counter.flush();
  const [byDay, byArtwork, byReferrer] = await Promise.all([
    countsByDay(deps.db, from, to),
    countsByArtwork(deps.db, from, to, ARTWORK_ROWS),
    countsByReferrer(deps.db, from, to, REFERRER_ROWS),
  ]);
  const counted = new Map(byDay.map((row) => [row.day, figuresOf(row)]));
  const days = daysBetween(from, to).map((day) => ({ day, ...(counted.get(day) ?? figuresOf(ZERO)) }));
  return {
    from,
    to,
    currency: deps.currency,
    totals: addUp(days),
    days,
    artworks: byArtwork.map((row) => ({ artworkId: row.artwork_id, title: row.title ?? null, ...figuresOf(row) })),
    referrers: byReferrer.map((row) => ({ domain: row.domain, views: Number(row.views) })),
  };
}
