import type { Kysely, Selectable } from 'kysely';
import type { EventOutboxTable } from '../db/event-tables';
import type { Database } from '../db/schema';
import { claimDueJobs, endTurn, retryJob } from '../operations/jobs/job-lease';
import { defineJobTable } from '../operations/jobs/job-table';
import { WORKER_ID } from '../operations/jobs/worker-id';
import type { DomainEvent } from './domain-events';

export type OutboxRow = Selectable<EventOutboxTable>;

const iso = (date: Date) => date.toISOString();

/** One row per listener of the event, in the caller's transaction; due from `dueAt` for the drain. Returns the ids. */
export async function insertOutboxRows(
  db: Kysely<Database>,
  event: { id: string; event: DomainEvent },
  listeners: readonly string[],
  options: { now: Date; dueAt: Date },
): Promise<number[]> {
  if (listeners.length === 0) return [];
  const rows = await db
    .insertInto('event_outbox')
    .values(
      listeners.map((listener) => ({
        event_id: event.id,
        event_type: event.event.type,
        listener,
        payload: JSON.stringify(event.event),
        created_at: iso(options.now),
        next_attempt_at: iso(options.dueAt),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The outbox as a kind of job: a row has work until its listener has done it, and the oldest due goes first. */
export const OUTBOX_JOBS = defineJobTable({
  table: 'event_outbox',
  pending: (eb) => eb('done_at', 'is', null),
  order: [{ column: 'next_attempt_at' }, { column: 'id' }],
  namesWorker: false,
});

/**
 * Claims up to `limit` due rows until `until` (the job runner's lease, safe across instances), of the listeners this
 * instance knows: a row for a newer instance's listener is left to that one.
 */
export async function claimDueOutboxRows(
  db: Kysely<Database>,
  listeners: readonly string[],
  options: { now: Date; until: Date; limit: number },
): Promise<OutboxRow[]> {
  if (listeners.length === 0) return [];
  return claimDueJobs(db, OUTBOX_JOBS, {
    ...options,
    worker: WORKER_ID,
    where: (eb) => eb('listener', 'in', [...listeners]),
  });
}

/** A drain's row done: its lease given up with it. */
export const markOutboxRowDone = (db: Kysely<Database>, id: number, now: Date) =>
  endTurn(db, OUTBOX_JOBS, id, WORKER_ID, { changes: { done_at: iso(now), last_error: null }, countAttempt: false });

/** The request's own rows done, in one statement: a row a drain finished first keeps its time. */
export async function markOutboxRowsDone(db: Kysely<Database>, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('event_outbox')
    .set({ done_at: iso(now), last_error: null })
    .where('id', 'in', [...ids])
    .where('done_at', 'is', null)
    .execute();
}

/** A failed run: handed back, to be tried again from `retryAt`. */
export const releaseOutboxRow = (
  db: Kysely<Database>,
  row: Pick<OutboxRow, 'id'>,
  failure: { error: string; retryAt: Date },
) => retryJob(db, OUTBOX_JOBS, row.id, WORKER_ID, { error: failure.error, nextAttemptAt: failure.retryAt });

/** Done rows from before `before`: their work is long finished, and a second telling is long out of question. */
export async function deleteDoneOutboxRows(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('event_outbox').where('done_at', 'is not', null).where('done_at', '<', iso(before)).execute();
}
