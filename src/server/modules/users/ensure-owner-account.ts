import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashPassword } from './password-hash';
import { findUserByEmail, insertUser, setUserRole } from './repository';

export type OwnerAccountResult = 'created' | 'promoted' | 'unchanged' | 'not-configured';

/**
 * ADMIN_EMAIL names the owner. With ADMIN_PASSWORD too, a missing owner account is created, already confirmed.
 * An existing account is never given a new password here: the owner changes it through the reset flow.
 */
export async function ensureOwnerAccount(
  db: Kysely<Database>,
  owner: { email?: string; password?: string },
): Promise<OwnerAccountResult> {
  if (!owner.email) return 'not-configured';
  const existing = await findUserByEmail(db, owner.email);
  if (existing) {
    // Only a confirmed address proves that whoever signed up with it really is the owner.
    if (existing.role === 'admin' || !existing.email_confirmed_at) return 'unchanged';
    await setUserRole(db, owner.email, 'admin');
    return 'promoted';
  }
  if (!owner.password) return 'not-configured';
  await insertUser(db, {
    email: owner.email,
    passwordHash: await hashPassword(owner.password),
    role: 'admin',
    confirmed: true,
  });
  return 'created';
}
