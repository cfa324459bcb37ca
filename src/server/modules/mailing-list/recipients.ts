import type { Kysely } from 'kysely';
import type { ConsentKind } from '../../../shared/mailing/consent-kinds';
import type { Database } from '../../db/schema';

export interface ListRecipient {
  consentId: number;
  email: string;
}

/**
 * The addresses with a confirmed consent of this kind and no suppression, in consent id order from `afterId`: a
 * sender walks the list a page at a time and remembers where it stopped.
 */
export async function confirmedRecipients(
  db: Kysely<Database>,
  kind: ConsentKind,
  page: { afterId: number; limit: number },
): Promise<ListRecipient[]> {
  const rows = await db
    .selectFrom('mail_consents')
    .leftJoin('mail_suppressions', 'mail_suppressions.email', 'mail_consents.email')
    .select(['mail_consents.id', 'mail_consents.email'])
    .where('mail_consents.kind', '=', kind)
    .where('mail_consents.status', '=', 'confirmed')
    .where('mail_suppressions.email', 'is', null)
    .where('mail_consents.id', '>', page.afterId)
    .orderBy('mail_consents.id')
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ consentId: row.id, email: row.email }));
}

/** Whether list mail of this kind may go to the address now. */
export async function mayMail(db: Kysely<Database>, email: string, kind: ConsentKind): Promise<boolean> {
  const address = email.toLowerCase();
  const row = await db
    .selectFrom('mail_consents')
    .select('id')
    .where('email', '=', address)
    .where('kind', '=', kind)
    .where('status', '=', 'confirmed')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('mail_suppressions').select('email').where('email', '=', address))))
    .executeTakeFirst();
  return row !== undefined;
}

/** No list mail goes to the address again: the relay refused it for good (a 5xx). Kept once. */
export async function suppressAddress(db: Kysely<Database>, email: string, reason: string, now: Date): Promise<void> {
  await db
    .insertInto('mail_suppressions')
    .values({ email: email.toLowerCase(), reason: reason.slice(0, 500), created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}
