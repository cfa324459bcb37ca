import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DomainEvent } from './domain-events';
import { markOutboxRowDone, releaseOutboxRow, type OutboxRow } from './outbox-repository';

/** An after-commit listener's work, by its stored name: given the event and its id, which keys the work. */
export type AfterCommitWork = (event: DomainEvent, meta: { eventId: string }) => Promise<void>;

export type AfterCommitListeners = ReadonlyMap<string, AfterCommitWork>;

/** The waits before a failed row is tried again: the last one repeats, and a row is never given up on. */
export const OUTBOX_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000];

/** How long a claim keeps other instances off a row: well above what a listener takes (a call to Stripe). */
export const OUTBOX_CLAIM_MS = 5 * 60_000;

export interface OutboxRunDeps {
  db: Kysely<Database>;
  listeners: AfterCommitListeners;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/**
 * Runs claimed rows one after the other, each marked done once its listener ended well; a failure is logged and the
 * row handed back for a later try. Never throws: the change that emitted the event stands whatever becomes of it.
 */
export async function runOutboxRows(deps: OutboxRunDeps, rows: readonly OutboxRow[]): Promise<number> {
  let done = 0;
  for (const row of rows) {
    const work = deps.listeners.get(row.listener);
    if (!work) continue;
    try {
      await work(JSON.parse(row.payload) as DomainEvent, { eventId: row.event_id });
      await markOutboxRowDone(deps.db, row.id, new Date());
      done++;
    } catch (error) {
      const delay = OUTBOX_RETRY_DELAYS_MS[Math.min(row.attempts, OUTBOX_RETRY_DELAYS_MS.length - 1)] ?? 0;
      deps.log.error(
        { err: error, listener: row.listener, eventId: row.event_id, event: row.event_type },
        `${row.listener} failed on ${row.event_type}; it is tried again from the outbox`,
      );
      await releaseOutboxRow(deps.db, row, {
        error: error instanceof Error ? error.message : String(error),
        retryAt: new Date(Date.now() + delay),
      }).catch((releaseError: unknown) => deps.log.error({ err: releaseError }, 'outbox row not handed back'));
    }
  }
  return done;
}
