import { sql, type Kysely, type Selectable } from 'kysely';
import { RECIPIENT_STATUSES, type RecipientStatus } from '../../../shared/mailing/broadcasts';
import type { ConsentKind } from '../../../shared/mailing/consent-kinds';
import type { BroadcastsTable } from '../../db/broadcast-tables';
import type { Database } from '../../db/schema';
import { defineJobTable } from '../../operations/jobs/job-table';

export type BroadcastRow = Selectable<BroadcastsTable>;

const iso = (date: Date) => date.toISOString();

/** A broadcast being sent is a job: one batch a turn, due again when the rate allows the next. */
export const BROADCAST_JOBS = defineJobTable({
  table: 'broadcasts',
  pending: (eb) => eb('status', '=', 'sending'),
  order: [{ column: 'next_attempt_at' }, { column: 'id' }],
  namesWorker: true,
});

export async function insertBroadcast(
  db: Kysely<Database>,
  values: {
    listKind: ConsentKind;
    origin: 'owner' | 'digest';
    subject: string;
    bodyMarkdown: string;
    artworkIds: readonly number[];
    ratePerMinute: number;
  },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('broadcasts')
    .values({
      list_kind: values.listKind,
      origin: values.origin,
      subject: values.subject,
      body_markdown: values.bodyMarkdown,
      artwork_ids: JSON.stringify(values.artworkIds),
      status: 'draft',
      rate_per_minute: values.ratePerMinute,
      created_at: iso(now),
      updated_at: iso(now),
      next_attempt_at: iso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findBroadcast(db: Kysely<Database>, id: number): Promise<BroadcastRow | undefined> {
  return db.selectFrom('broadcasts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBroadcasts(db: Kysely<Database>): Promise<BroadcastRow[]> {
  return db.selectFrom('broadcasts').selectAll().orderBy('id', 'desc').limit(200).execute();
}

/** Only a draft changes: what went out to anyone stays as it was. */
export async function updateDraft(
  db: Kysely<Database>,
  id: number,
  values: { subject: string; bodyMarkdown: string; artworkIds: readonly number[] },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('broadcasts')
    .set({
      subject: values.subject,
      body_markdown: values.bodyMarkdown,
      artwork_ids: JSON.stringify(values.artworkIds),
      updated_at: iso(now),
    })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Starts a draft: its recipients are the list's confirmed, unsuppressed addresses at this moment, one row each
 * (a consent is in a broadcast once: the unique key), and the broadcast becomes a due job. One transaction, and
 * only from a draft, so a second click or a second instance starts nothing twice.
 */
/**
 * Starts a draft: its recipients are the list's confirmed, unsuppressed addresses at this moment, one row each
 * (a consent is in a broadcast once: the unique key), and the broadcast becomes a due job. One transaction, and
 * only from a draft, so a second click or a second instance starts nothing twice.
 */
export async function startBroadcast(
  db: Kysely<Database>,
  id: number,
  ratePerMinute: number,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute((trx) => startRecipients(trx, id, ratePerMinute, now));
}

/** startBroadcast inside the caller's transaction (the digest writes and starts its broadcast in one). */
export async function startRecipients(
  trx: Kysely<Database>,
  id: number,
  ratePerMinute: number,
  now: Date,
): Promise<boolean> {
  const started = await trx
    .updateTable('broadcasts')
    .set({
      status: 'sending',
      rate_per_minute: ratePerMinute,
      started_at: iso(now),
      updated_at: iso(now),
      next_attempt_at: iso(now),
    })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .returning('list_kind')
    .executeTakeFirst();
  if (!started) return false;
  await trx
    .insertInto('broadcast_recipients')
    .columns(['broadcast_id', 'consent_id', 'email', 'status', 'updated_at'])
    .expression(
      trx
        .selectFrom('mail_consents')
        .leftJoin('mail_suppressions', 'mail_suppressions.email', 'mail_consents.email')
        .select([
          sql.lit(id).as('broadcast_id'),
          'mail_consents.id',
          'mail_consents.email',
          sql.lit('queued').as('status'),
          sql.lit(iso(now)).as('updated_at'),
        ])
        .where('mail_consents.kind', '=', started.list_kind)
        .where('mail_consents.status', '=', 'confirmed')
        .where('mail_suppressions.email', 'is', null)
        .orderBy('mail_consents.id'),
    )
    .execute();
  return true;
}

export async function countsOf(db: Kysely<Database>, ids: readonly number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('broadcast_recipients')
          .select(['broadcast_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('broadcast_id', 'in', [...ids])
          .groupBy(['broadcast_id', 'status'])
          .execute();
  const counts = new Map<number, Record<RecipientStatus, number>>();
  for (const id of ids) {
    counts.set(id, Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<RecipientStatus, number>);
  }
  for (const row of rows) counts.get(row.broadcast_id)![row.status] = Number(row.n);
  return counts;
}

export async function recipientsWithStatus(db: Kysely<Database>, id: number, status: RecipientStatus, limit: number) {
  return db
    .selectFrom('broadcast_recipients')
    .select(['email', 'error', 'updated_at'])
    .where('broadcast_id', '=', id)
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
