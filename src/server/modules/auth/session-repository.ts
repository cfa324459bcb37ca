import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import type { Database } from '../../db/schema';

export async function insertSession(
  db: Kysely<Database>,
  session: { tokenHash: string; userId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.now.toISOString(),
      last_seen_at: session.now.toISOString(),
      expires_at: session.expiresAt.toISOString(),
    })
    .execute();
}

/** The session's user, if the session exists, has not reached its absolute end and was used recently enough. */
export async function findLiveSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<{ user: SessionUser; lastSeenAt: Date } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.role', 'sessions.last_seen_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now.toISOString())
    .where('sessions.last_seen_at', '>', idleSince.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  return { user: { id: row.id, email: row.email, role: row.role }, lastSeenAt: new Date(row.last_seen_at) };
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of a user but the one asking; returns how many ended. */
export async function deleteOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepTokenHash: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions past their absolute end or idle for too long can never be used again. */
export async function deleteDeadSessions(db: Kysely<Database>, now: Date, idleSince: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleSince.toISOString())]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
