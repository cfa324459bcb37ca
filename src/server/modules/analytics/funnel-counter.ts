import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { dayOf, type FunnelEvent } from '#shared/analytics/funnel.ts';
import type { Database } from '../../db/schema';
import { startWorker, type Worker } from '../../operations/background-worker';
import { DailySalts, visitorHash } from './daily-salt';
import {
  addDailyCounts,
  addReferrerCounts,
  addVisitors,
  publishedAmong,
  type DailyCounts,
  type ReferrerCount,
} from './repository';

/** One visitor's beacons a minute, on one instance, past which they are dropped (a page view is a human act). */
export const BEACONS_PER_VISITOR_MINUTE = 60;
/** Days × artworks held between two writes; past it new ones are dropped, so ids made up by a script cost no memory. */
const MAX_PENDING = 20_000;
/** Distinct visitors held per day and artwork between two writes. */
const MAX_VISITORS_PER_ARTWORK = 5_000;
const MINUTE_MS = 60_000;

export interface BeaconSeen {
  event: FunnelEvent;
  artworkId: number;
  referrerDomain: string | null;
  address: string;
  userAgent: string;
  now: Date;
}

interface Pending {
  day: string;
  artworkId: number;
  views: number;
  carts: number;
  checkouts: number;
  visitors: Set<string>;
  referrers: Map<string, number>;
}

/**
 * Counts beacons in memory and writes them every few seconds in one transaction, as upserts of the day's counters:
 * a visitor's request costs no write of its own, and a busy artwork a single row update per flush. What an instance
 * holds when it dies unflushed (seconds of views) is lost: a funnel is a trend, not a ledger (sales are counted in
 * the payment's own transaction, listeners.ts).
 */
export class FunnelCounter {
  private pending = new Map<string, Pending>();
  private perVisitor = new Map<string, number>();
  private minuteStartedAt = 0;
  private flushing: Promise<void> = Promise.resolve();
  /** Beacons still waiting for the day's salt: a flush waits for them, so what was answered is written. */
  private readonly recording = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly salts: DailySalts,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /**
   * Adds one beacon to what the next flush writes: at once once the day's salt is known (every beacon but the first
   * of a day on this instance), else after reading it.
   */
  record(beacon: BeaconSeen): Promise<void> {
    const day = dayOf(beacon.now);
    const salt = this.salts.knownSalt(day);
    if (salt !== undefined) {
      this.add(beacon, day, salt);
      return Promise.resolve();
    }
    const recorded = this.salts
      .saltFor(day)
      .then((read) => this.add(beacon, day, read))
      .finally(() => this.recording.delete(recorded));
    this.recording.add(recorded);
    return recorded;
  }

  private add(beacon: BeaconSeen, day: string, salt: string): void {
    const visitor = visitorHash(salt, beacon.address, beacon.userAgent);
    if (!this.withinRate(visitor, beacon.now.getTime())) return;
    const key = `${day}|${beacon.artworkId}`;
    let entry = this.pending.get(key);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING) return;
      entry = {
        day,
        artworkId: beacon.artworkId,
        views: 0,
        carts: 0,
        checkouts: 0,
        visitors: new Set(),
        referrers: new Map(),
      };
      this.pending.set(key, entry);
    }
    if (beacon.event === 'cart') entry.carts += 1;
    else if (beacon.event === 'checkout') entry.checkouts += 1;
    else {
      entry.views += 1;
      if (entry.visitors.size < MAX_VISITORS_PER_ARTWORK) entry.visitors.add(visitor);
      if (beacon.referrerDomain)
        entry.referrers.set(beacon.referrerDomain, (entry.referrers.get(beacon.referrerDomain) ?? 0) + 1);
    }
  }

  /** Writes what was counted since the last flush; flushes never overlap. */
  flush(): Promise<void> {
    // A failed flush is its caller's to report; the next one starts afresh.
    this.flushing = this.flushing
      .catch(() => undefined)
      .then(() => Promise.allSettled([...this.recording]))
      .then(() => this.writePending());
    return this.flushing;
  }

  /** Flushes every `everyMs`, and once more when stopped, so a graceful stop loses nothing. */
  start(everyMs: number): Worker {
    const worker = startWorker({ name: 'funnel counts', everyMs, jitter: 0.5, run: () => this.flush(), log: this.log });
    return {
      nudge: () => worker.nudge(),
      stop: async () => {
        await worker.stop();
        await this.flush().catch((error: unknown) => this.log.warn({ err: error }, 'funnel counts lost at stop'));
      },
    };
  }

  private withinRate(visitor: string, nowMs: number): boolean {
    if (nowMs - this.minuteStartedAt >= MINUTE_MS) {
      this.perVisitor = new Map();
      this.minuteStartedAt = nowMs;
    }
    const seen = (this.perVisitor.get(visitor) ?? 0) + 1;
    this.perVisitor.set(visitor, seen);
    return seen <= BEACONS_PER_VISITOR_MINUTE;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const taken = [...this.pending.values()];
    this.pending = new Map();
    await this.db.transaction().execute(async (trx) => {
      const published = await publishedAmong(trx, [...new Set(taken.map((entry) => entry.artworkId))]);
      const counted = taken.filter((entry) => published.has(entry.artworkId));
      const newVisitors = await addVisitors(
        trx,
        counted.flatMap((entry) =>
          [...entry.visitors].map((visitor) => ({ day: entry.day, artworkId: entry.artworkId, visitor })),
        ),
      );
      const daily: DailyCounts[] = counted.map((entry) => ({
        day: entry.day,
        artworkId: entry.artworkId,
        views: entry.views,
        carts: entry.carts,
        checkouts: entry.checkouts,
        visitors: newVisitors.get(`${entry.day}|${entry.artworkId}`) ?? 0,
      }));
      const referrers: ReferrerCount[] = counted.flatMap((entry) =>
        [...entry.referrers].map(([domain, views]) => ({ day: entry.day, artworkId: entry.artworkId, domain, views })),
      );
      await addDailyCounts(trx, daily);
      await addReferrerCounts(trx, referrers);
    });
  }
}
