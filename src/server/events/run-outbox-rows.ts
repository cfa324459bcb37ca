import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nextAttemptAt, SERVICE_RETRY_STEPS_MS, stepBackOff } from '../operations/jobs/back-off';
import type { DomainEvent } from './domain-events';
import { markOutboxRowDone, releaseOutboxRow, type OutboxRow } from './outbox-repository';

/** An after-commit listener's work, by its stored name: given the event and its id, which keys the work. */
export type AfterCommitWork = (event: DomainEvent, meta: { eventId: string }) => Promise<void>;

export type AfterCommitListeners = ReadonlyMap<string, AfterCommitWork>;

/** The waits before a failed row is tried again: the last one repeats, and a row is never given up on. */
const OUTBOX_BACK_OFF = stepBackOff(SERVICE_RETRY_STEPS_MS);

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
      await recordOutboxFailure(deps, { ...row, eventId: row.event_id, eventType: row.event_type }, error);
    }
  }
  return done;
}

/** A listener failed on a row: logged, and the row due again after the back-off for its next try. */
export async function recordOutboxFailure(
  deps: Pick<OutboxRunDeps, 'db' | 'log'>,
  row: { id: number; listener: string; eventId: string; eventType: string; attempts: number },
  error: unknown,
): Promise<void> {
  deps.log.error(
    { err: error, listener: row.listener, eventId: row.eventId, event: row.eventType },
    `${row.listener} failed on ${row.eventType}; it is tried again from the outbox`,
  );
  await releaseOutboxRow(deps.db, row, {
    error: error instanceof Error ? error.message : String(error),
    retryAt: nextAttemptAt(OUTBOX_BACK_OFF, row.attempts + 1),
  }).catch((releaseError: unknown) => deps.log.error({ err: releaseError }, 'outbox row not handed back'));
}
