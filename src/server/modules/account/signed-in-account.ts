import { ACCOUNT_MESSAGES } from '#shared/accounts/account.ts';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { InvalidInputError, SignInRequiredError } from '../../errors';
import { findUserById, verifyPassword } from '../users';

/** The signed-in user's row; a session whose account is gone is treated as signed out. */
export async function accountOf(db: Kysely<Database>, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new SignInRequiredError(AUTH_MESSAGES.signInRequired);
  return user;
}

/**
 * The account, once its password was typed again: changing the address, the password or deleting the account
 * needs more than a session left open on a shared computer. A wrong one names the field it was typed in.
 */
export async function accountWithPassword(
  db: Kysely<Database>,
  userId: number,
  password: string,
  field: string,
): Promise<UserRow> {
  const user = await accountOf(db, userId);
  if (!(await verifyPassword(password, user.password_hash)))
    throw new InvalidInputError(ACCOUNT_MESSAGES.wrongPassword, { [field]: [ACCOUNT_MESSAGES.wrongPassword] });
  return user;
}
