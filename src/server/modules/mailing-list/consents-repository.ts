import { sql, type Kysely } from 'kysely';
import {
  CONSENT_WORDING,
  type ConsentKind,
  type ConsentSource,
  type ConsentStatus,
} from '../../../shared/mailing/consent-kinds';
import type { Database } from '../../db/schema';

const iso = (date: Date) => date.toISOString();

export interface ConsentAsk {
  email: string;
  kind: ConsentKind;
  source: ConsentSource;
  userId: number | null;
  /** The confirming link's token, hashed for this kind (one link confirms every kind of one request). */
  tokenHash: string;
  now: Date;
}

/**
 * Records a box ticked. A new address and kind, or one withdrawn before, becomes pending with this request's
 * evidence (source, today's wording, time); one still pending takes the new link and evidence; a confirmed one is
 * left as it is. Answers whether the kind now waits for this request's confirming link.
 */
export async function askConsent(db: Kysely<Database>, ask: ConsentAsk): Promise<boolean> {
  const evidence = {
    status: 'pending' as const,
    source: ask.source,
    wording: CONSENT_WORDING[ask.kind],
    consented_at: iso(ask.now),
    confirmed_at: null,
    withdrawn_at: null,
    confirm_token_hash: ask.tokenHash,
    evidence: null,
  };
  const row = await db
    .insertInto('mail_consents')
    .values({ email: ask.email, kind: ask.kind, user_id: ask.userId, ...evidence })
    .onConflict((conflict) =>
      conflict
        .columns(['email', 'kind'])
        .doUpdateSet({ ...evidence, user_id: sql<number | null>`coalesce(excluded.user_id, mail_consents.user_id)` })
        .where('mail_consents.status', '!=', 'confirmed'),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Confirms the pending consents whose link hashes are given; answers the kinds confirmed. */
export async function confirmConsents(db: Kysely<Database>, hashes: string[], now: Date): Promise<ConsentKind[]> {
  const rows = await db
    .updateTable('mail_consents')
    .set({ status: 'confirmed', confirmed_at: iso(now), confirm_token_hash: null })
    .where('confirm_token_hash', 'in', hashes)
    .where('status', '=', 'pending')
    .returning('kind')
    .execute();
  return rows.map((row) => row.kind);
}

/** Withdraws a consent (its times kept); answers whether one was withdrawn now. */
export async function withdrawConsent(
  db: Kysely<Database>,
  email: string,
  kind: ConsentKind,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('mail_consents')
    .set({ status: 'withdrawn', withdrawn_at: iso(now), confirm_token_hash: null })
    .where('email', '=', email.toLowerCase())
    .where('kind', '=', kind)
    .where('status', '!=', 'withdrawn')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ImportedConsent {
  email: string;
  kind: ConsentKind;
  consentedAt: Date;
  evidence: string;
}

/**
 * An imported consent is confirmed with the seller's evidence kept; an address that withdrew here stays
 * withdrawn (an old list must not bring back someone who left), and a confirmed one keeps its own evidence.
 */
export async function importConsent(db: Kysely<Database>, consent: ImportedConsent, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('mail_consents')
    .values({
      email: consent.email,
      kind: consent.kind,
      user_id: null,
      status: 'confirmed',
      source: 'import',
      wording: CONSENT_WORDING[consent.kind],
      consented_at: iso(consent.consentedAt),
      confirmed_at: iso(now),
      withdrawn_at: null,
      confirm_token_hash: null,
      evidence: consent.evidence,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['email', 'kind'])
        .doUpdateSet({
          status: 'confirmed',
          source: 'import',
          wording: CONSENT_WORDING[consent.kind],
          consented_at: iso(consent.consentedAt),
          confirmed_at: iso(now),
          confirm_token_hash: null,
          evidence: consent.evidence,
        })
        .where('mail_consents.status', '=', 'pending'),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface ConsentRow {
  id: number;
  email: string;
  kind: ConsentKind;
  status: ConsentStatus;
  source: ConsentSource;
  wording: string;
  consented_at: Date | string;
  confirmed_at: Date | string | null;
  withdrawn_at: Date | string | null;
  evidence: string | null;
  suppressed: boolean;
}

/** The owner's view of the list, newest first, filtered by kind and status. */
export async function findConsents(
  db: Kysely<Database>,
  filter: { kind?: ConsentKind; status?: ConsentStatus; limit?: number; afterId?: number },
): Promise<ConsentRow[]> {
  let query = db
    .selectFrom('mail_consents')
    .leftJoin('mail_suppressions', 'mail_suppressions.email', 'mail_consents.email')
    .select([
      'mail_consents.id',
      'mail_consents.email',
      'mail_consents.kind',
      'mail_consents.status',
      'mail_consents.source',
      'mail_consents.wording',
      'mail_consents.consented_at',
      'mail_consents.confirmed_at',
      'mail_consents.withdrawn_at',
      'mail_consents.evidence',
      'mail_suppressions.email as suppressed_email',
    ]);
  if (filter.kind) query = query.where('mail_consents.kind', '=', filter.kind);
  if (filter.status) query = query.where('mail_consents.status', '=', filter.status);
  if (filter.afterId !== undefined) query = query.where('mail_consents.id', '>', filter.afterId);
  query = filter.afterId !== undefined ? query.orderBy('mail_consents.id') : query.orderBy('mail_consents.id', 'desc');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  const rows = await query.execute();
  return rows.map(({ suppressed_email, ...row }) => ({ ...row, suppressed: suppressed_email !== null }));
}

export async function countConsents(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('mail_consents')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(['kind', 'status'])
    .orderBy('kind')
    .orderBy('status')
    .execute();
  return rows.map((row) => ({ kind: row.kind, status: row.status, count: Number(row.count) }));
}

/** A deleted account's consents go with it: those given signed in, and those of its address. */
export async function deleteConsentsOf(db: Kysely<Database>, userId: number, email: string): Promise<void> {
  await db
    .deleteFrom('mail_consents')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email.toLowerCase())]))
    .execute();
}

export async function isSuppressed(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_suppressions')
    .select('email')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function isWithdrawn(db: Kysely<Database>, email: string, kind: ConsentKind): Promise<boolean> {
  const row = await db
    .selectFrom('mail_consents')
    .select('status')
    .where('email', '=', email.toLowerCase())
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.status === 'withdrawn';
}
