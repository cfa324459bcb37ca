import type { Kysely, Selectable } from 'kysely';
import type { Database, MailQueueTable } from '../../db/schema';
import { defineJobTable } from '../../operations/jobs/job-table';
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
      headers: message.headers ? JSON.stringify(message.headers) : null,
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
 * The queue as a job table: a message is pending until it was sent, taken in the order it came due. The table does
 * not name the worker holding a message (its claim is only ever ended by whoever holds it, or by running out).
 */
export const MAIL_JOBS = defineJobTable({
  table: 'mail_queue',
  pending: (eb) => eb.and([eb('sent_at', 'is', null), eb('given_up_at', 'is', null)]),
  order: [{ column: 'next_attempt_at' }, { column: 'id' }],
  namesWorker: false,
});

/**
 * How a delivered message is marked, and its text dropped: sign-up and reset mails carry links that work (the
 * database keeps only hashes of those tokens), and a copy of the database must not hand them out once they were
 * sent.
 */
export const sentMail = (now: Date) => ({
  sent_at: iso(now),
  last_error: null,
  text_body: '',
  html_body: '',
  headers: null,
});

/**
 * How a message the mail server refused for good is marked: out of the queue, never sent, its text dropped like a
 * sent one's (its last error says why).
 */
export const givenUpMail = (now: Date) => ({ given_up_at: iso(now), text_body: '', html_body: '', headers: null });

/** List mail (newsletters, reminders: kinds starting `list-`) gives up at once on a permanent refusal. */
export const isListMailKind = (kind: string): boolean => kind.startsWith('list-');

/** Delivered messages are kept a while (what went out, when) and then dropped. */
export async function deleteSentMailBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('mail_queue').where('sent_at', 'is not', null).where('sent_at', '<', iso(before)).execute();
  await db
    .deleteFrom('mail_queue')
    .where('given_up_at', 'is not', null)
    .where('given_up_at', '<', iso(before))
    .execute();
}
