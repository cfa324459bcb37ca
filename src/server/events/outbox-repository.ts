import type { Kysely, Selectable } from 'kysely';
import { engineOf } from '../db/dialect';
import type { EventOutboxTable } from '../db/event-tables';
import type { Database } from '../db/schema';
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

/**
 * Claims up to `limit` due rows until `until`, so that no other instance runs them meanwhile: as the mail queue
 * claims (PostgreSQL: `for update skip locked` and the update in one transaction; SQLite: one `update … where id in
 * (select …) returning`, writes being serialized).
 */
export async function claimDueOutboxRows(
  db: Kysely<Database>,
  listeners: readonly string[],
  options: { now: Date; until: Date; limit: number },
): Promise<OutboxRow[]> {
  if (listeners.length === 0) return [];
  const now = iso(options.now);
  // Only the listeners this instance knows: a row for a newer instance's listener is left to that one.
  const due = (q: Kysely<Database>) =>
    q
      .selectFrom('event_outbox')
      .select('id')
      .where('done_at', 'is', null)
      .where('listener', 'in', [...listeners])
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(options.limit);
  const claim = (q: Kysely<Database>, ids: number[] | ReturnType<typeof due>) =>
    q
      .updateTable('event_outbox')
      .set({ claimed_until: iso(options.until) })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  if (engineOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const ids = (await due(trx).forUpdate().skipLocked().execute()).map((row) => row.id);
      return ids.length === 0 ? [] : claim(trx, ids);
    });
  }
  return claim(db, due(db));
}

/**
 * Claims the given rows if nobody has, whenever they are due: the request that wrote them runs them right after its
 * commit. A drain that took one first runs it instead, never both.
 */
export async function claimOutboxRowsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
  options: { now: Date; until: Date },
): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('event_outbox')
    .set({ claimed_until: iso(options.until) })
    .where('id', 'in', [...ids])
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(options.now))]))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function markOutboxRowDone(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('event_outbox')
    .set({ done_at: iso(now), claimed_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed run: handed back, to be tried again from `retryAt`. */
export async function releaseOutboxRow(
  db: Kysely<Database>,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  failure: { error: string; retryAt: Date },
): Promise<void> {
  await db
    .updateTable('event_outbox')
    .set({
      attempts: row.attempts + 1,
      next_attempt_at: iso(failure.retryAt),
      claimed_until: null,
      last_error: failure.error,
    })
    .where('id', '=', row.id)
    .execute();
}

/** Done rows from before `before`: their work is long finished, and a second telling is long out of question. */
export async function deleteDoneOutboxRows(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('event_outbox').where('done_at', 'is not', null).where('done_at', '<', iso(before)).execute();
}
