import { deleteOtherSessions, hashToken, revokeEmailTokens } from '../auth';
import { hashPassword, setPasswordHash } from '../users';
import type { AccountDeps } from './account-deps';
import { accountWithPassword } from './signed-in-account';

/**
 * The new password (sign-up's rules, checked by the schema) after the current one: every other session ends, as a
 * reset does, so a session someone else opened with the old password is over; this browser stays signed in.
 * Open reset links end too: they were asked for under the old password.
 */
export async function changePassword(
  deps: AccountDeps,
  userId: number,
  sessionToken: string,
  body: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await accountWithPassword(deps.db, userId, body.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    await revokeEmailTokens(trx, user.id, 'reset-password', now);
    await deleteOtherSessions(trx, user.id, hashToken(sessionToken));
  });
}

/** "Sign out everywhere else": every session of the user but this browser's ends. Returns how many ended. */
export async function signOutOtherSessions(deps: AccountDeps, userId: number, sessionToken: string): Promise<number> {
  return deleteOtherSessions(deps.db, userId, hashToken(sessionToken));
}
