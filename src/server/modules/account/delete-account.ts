import { ACCOUNT_MESSAGES } from '#shared/accounts/account.ts';
import { NotAllowedError } from '../../errors';
import { deleteEmailTokensOfUser, deleteSessionsOfUser } from '../auth';
import { deleteUser } from '../users';
import type { AccountDeps } from './account-deps';
import { accountOf, accountWithPassword } from './signed-in-account';

/**
 * Deletes the buyer's account, after their password (decision 0074). One transaction: `account.deleted` is told
 * first, and its listeners remove or detach what their modules keep of the person (orders stay with their invoices
 * and credit notes, detached, their guest links revoked; list consents, the server-kept cart and favourites,
 * reviews' names go); then the sessions, the e-mailed links and the user row itself are deleted. Nothing is left
 * half done: a listener's failure rolls it all back. The owner's account is refused: the store needs one.
 */
export async function deleteAccount(deps: AccountDeps, userId: number, password: string): Promise<void> {
  const account = await accountOf(deps.db, userId);
  if (account.role === 'admin')
    throw new NotAllowedError(ACCOUNT_MESSAGES.ownerCannotDelete, { password: [ACCOUNT_MESSAGES.ownerCannotDelete] });
  const user = await accountWithPassword(deps.db, userId, password, 'password');
  const afterCommit = await deps.db.transaction().execute(async (trx) => {
    const pending = await deps.events.emit(trx, { type: 'account.deleted', userId: user.id, email: user.email });
    await deleteSessionsOfUser(trx, user.id);
    await deleteEmailTokensOfUser(trx, user.id);
    await deleteUser(trx, user.id);
    return pending;
  });
  await deps.events.runAfterCommit(afterCommit);
}
