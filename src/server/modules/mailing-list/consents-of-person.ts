import type { Kysely } from 'kysely';
import type { ConsentKind, ConsentSource, ConsentStatus } from '../../../shared/mailing/consent-kinds';
import type { Database } from '../../db/schema';

export interface PersonConsent {
  kind: ConsentKind;
  status: ConsentStatus;
  source: ConsentSource;
  wording: string;
  consentedAt: string;
  confirmedAt: string | null;
  withdrawnAt: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A person's consents to list mail, with their evidence, for their copy of their data: those given under their
 * address and those given signed in to their account (an address they had before), oldest first. The confirming
 * link's hash is the store's, not theirs, and is left out.
 */
export async function consentsOfPerson(
  db: Kysely<Database>,
  person: { email: string; userId: number },
): Promise<PersonConsent[]> {
  const rows = await db
    .selectFrom('mail_consents')
    .select(['kind', 'status', 'source', 'wording', 'consented_at', 'confirmed_at', 'withdrawn_at'])
    .where((eb) => eb.or([eb('email', '=', person.email.toLowerCase()), eb('user_id', '=', person.userId)]))
    .orderBy('consented_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    status: row.status,
    source: row.source,
    wording: row.wording,
    consentedAt: iso(row.consented_at)!,
    confirmedAt: iso(row.confirmed_at),
    withdrawnAt: iso(row.withdrawn_at),
  }));
}
