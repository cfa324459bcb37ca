import type { Kysely } from 'kysely';
import type { Database, EmailTokenPurpose } from '../../db/schema';

export async function insertEmailToken(
  db: Kysely<Database>,
  token: {
    tokenHash: string;
    userId: number;
    purpose: EmailTokenPurpose;
    now: Date;
    expiresAt: Date;
    /** A 'change-email' link's new address. */
    newEmail?: string;
  },
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      purpose: token.purpose,
      created_at: token.now.toISOString(),
      expires_at: token.expiresAt.toISOString(),
      used_at: null,
      new_email: token.newEmail ?? null,
    })
    .execute();
}

/**
 * Marks a token used and returns its user, in one statement: of two requests racing with the same link, only one
 * gets a user back. Used, expired, unknown or other-purpose tokens give undefined.
 */
export async function consumeEmailToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Ends every open link of one kind for a user, e.g. older reset links once the password has changed. */
export async function revokeEmailTokens(db: Kysely<Database>, userId: number, purpose: EmailTokenPurpose, now: Date) {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Links that were used, revoked or have run out can never be used again. */
export async function deleteSpentEmailTokens(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('email_tokens')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A 'change-email' link's account and new address, marked used in the same statement (as consumeEmailToken). */
export async function consumeEmailChangeToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; newEmail: string } | undefined> {
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'change-email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row?.new_email ? { userId: row.user_id, newEmail: row.new_email } : undefined;
}

/** The address an account's open change-of-address link would move it to, or null. */
export async function pendingEmailChange(db: Kysely<Database>, userId: number, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('email_tokens')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change-email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.new_email ?? null;
}

export async function deleteEmailTokensOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
}
