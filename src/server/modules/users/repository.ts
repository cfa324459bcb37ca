import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function insertUser(
  db: Kysely<Database>,
  user: { email: string; passwordHash: string; role: UserRow['role']; confirmed: boolean },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      role: user.role,
      email_confirmed_at: user.confirmed ? now : null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export async function setUserRole(db: Kysely<Database>, email: string, role: UserRow['role']): Promise<void> {
  await db.updateTable('users').set({ role }).where('email', '=', email.toLowerCase()).execute();
}
