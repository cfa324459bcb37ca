import type { Kysely, Selectable } from 'kysely';
import { engineOf } from '../../db/dialect';
import type { Database, MailQueueTable } from '../../db/schema';
import type { MailMessage } from '../../providers/mail/mail-provider';

export type QueuedRow = Selectable<MailQueueTable>;

/** A message for the queue: what the mail says, what it is for (`kind`) and what it is about (`ref`), for the log. */
export interface QueuedMail extends MailMessage {
  kind: string;
  ref?: string;
}

const iso = (date: Date) => date.toISOString();

/**
 * Adds a message; with `key`, only if no message with that key was ever queued (the insert is then ignored, on
 * both engines, without failing the caller's transaction).
 * Returns the new row's id, or undefined when the key was already there.
 */
export async function insertQueuedMail(
  db: Kysely<Database>,
  message: QueuedMail,
  options: { key?: string; now: Date },
): Promise<number | undefined> {
  const row = await db
    .insertInto('mail_queue')
    .values({
      kind: message.kind,
      ref: message.ref ?? null,
      idempotency_key: options.key ?? null,
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      created_at: iso(options.now),
      next_attempt_at: iso(options.now),
      claimed_until: null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Claims up to `limit` due messages until `until`, so that no other instance takes them meanwhile. PostgreSQL: the
 * rows are picked `for update skip locked` and marked in one transaction, so two instances asking at once get
 * different rows (one that another has just claimed fails the re-check of its claim once that commits). SQLite:
 * one `update … where id in (select …) returning` statement; writes to the file are serialized, so it is atomic.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  options: { now: Date; until: Date; limit: number },
): Promise<QueuedRow[]> {
  const now = iso(options.now);
  const due = (q: Kysely<Database>) =>
    q
      .selectFrom('mail_queue')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(options.limit);
  if (engineOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const ids = (await due(trx).forUpdate().skipLocked().execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      return trx
        .updateTable('mail_queue')
        .set({ claimed_until: iso(options.until) })
        .where('id', 'in', ids)
        .returningAll()
        .execute();
    });
  }
  return db
    .updateTable('mail_queue')
    .set({ claimed_until: iso(options.until) })
    .where('id', 'in', due(db))
    .returningAll()
    .execute();
}

/**
 * Claims the given messages if nobody has (the request that queued them tries them first, right after its commit),
 * in one statement: a worker of any instance claiming them at the same moment gets them instead, never both. A
 * message born unclaimed is also why a crash between the commit and this claim loses nothing: the next worker's
 * pass (any instance, within a second) takes it.
 */
export async function claimMailByIds(
  db: Kysely<Database>,
  ids: readonly number[],
  options: { now: Date; until: Date },
): Promise<QueuedRow[]> {
  if (ids.length === 0) return [];
  const now = iso(options.now);
  const rows = await db
    .updateTable('mail_queue')
    .set({ claimed_until: iso(options.until) })
    .where('id', 'in', [...ids])
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Marks a message delivered and drops its text: sign-up and reset mails carry links that work (the database keeps
 * only hashes of those tokens), and a copy of the database must not hand them out once they were sent.
 */
export async function markMailSent(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set((eb) => ({
      sent_at: iso(now),
      claimed_until: null,
      last_error: null,
      text_body: '',
      html_body: '',
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(
  db: Kysely<Database>,
  id: number,
  failure: { error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set((eb) => ({
      claimed_until: null,
      last_error: failure.error,
      next_attempt_at: iso(failure.nextAttemptAt),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

/** Gives claimed messages back untried (the mail server just refused another one, or the app is stopping). */
export async function releaseMail(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_queue')
    .set({ claimed_until: null })
    .where('id', 'in', [...ids])
    .where('sent_at', 'is', null)
    .execute();
}

/** Delivered messages are kept a while (what went out, when) and then dropped. */
export async function deleteSentMailBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('mail_queue').where('sent_at', 'is not', null).where('sent_at', '<', iso(before)).execute();
}
