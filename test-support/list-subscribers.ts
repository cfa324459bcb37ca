import type { Kysely } from 'kysely';
import type { ConsentKind } from '../src/shared/mailing/consent-kinds';
import { CONSENT_WORDING } from '../src/shared/mailing/consent-kinds';
import type { Database } from '../src/server/db/schema';

/**
 * Confirmed subscribers of a list, inserted as the mailing list keeps them once the confirming link was followed:
 * tests of list mail start from a list, not from the sign-up path. Answers the consents' ids, in order.
 */
export async function insertSubscribers(
  db: Kysely<Database>,
  kind: ConsentKind,
  emails: readonly string[],
): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  // A few hundred rows a statement: SQLite takes at most 32,766 parameters in one.
  for (let start = 0; start < emails.length; start += 500) {
    const rows = await db
      .insertInto('mail_consents')
      .values(
        emails.slice(start, start + 500).map((email) => ({
          email: email.toLowerCase(),
          user_id: null,
          kind,
          status: 'confirmed' as const,
          source: 'footer' as const,
          wording: CONSENT_WORDING[kind],
          consented_at: now,
          confirmed_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}
