import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The new user's id, or undefined when the address already has an account (two sign-ups racing included). */
export async function insertUser(
  db: Kysely<Database>,
  user: { email: string; passwordHash: string; role: UserRow['role']; confirmed: boolean },
): Promise<number | undefined> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      role: user.role,
      email_confirmed_at: user.confirmed ? now : null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Confirms the address once; a later call keeps the first confirmation time. */
export async function markEmailConfirmed(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_confirmed_at: now.toISOString() })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .execute();
}

export async function setUserRole(db: Kysely<Database>, email: string, role: UserRow['role']): Promise<void> {
  await db.updateTable('users').set({ role }).where('email', '=', email.toLowerCase()).execute();
}

/** Moves an account to a new address; the unique index refuses one another account has. */
export async function setUserEmail(db: Kysely<Database>, userId: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email: email.toLowerCase() }).where('id', '=', userId).execute();
}

export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
