import { ACCOUNT_MESSAGES, EMAIL_CHANGE_LINK_HOURS } from '#shared/accounts/account.ts';
import { ConflictError, InvalidInputError, LinkExpiredError } from '../../errors';
import { consumeEmailChangeToken, hashToken, insertEmailToken, newToken, revokeEmailTokens } from '../auth';
import { findUserByEmail, findUserById, markEmailConfirmed, setUserEmail } from '../users';
import type { AccountDeps } from './account-deps';
import { confirmNewEmailMessage, emailChangedMessage } from './account-emails';
import { accountWithPassword } from './signed-in-account';

const LINK_MS = EMAIL_CHANGE_LINK_HOURS * 3_600_000;

const taken = () => new ConflictError(ACCOUNT_MESSAGES.emailTaken, { newEmail: [ACCOUNT_MESSAGES.emailTaken] });

const mailContext = (deps: AccountDeps) => ({ storeName: deps.config.storeName, publicUrl: deps.config.publicUrl });

/**
 * Mails a single-use link to the new address; the account keeps its address until the link is followed, so a typo
 * or an inbox that is not the buyer's changes nothing. Only the newest link works. An address another account has
 * is refused here, to the signed-in buyer who typed their password (the sign-up form tells as much by its mail).
 */
export async function requestEmailChange(
  deps: AccountDeps,
  userId: number,
  body: { newEmail: string; password: string },
): Promise<void> {
  const user = await accountWithPassword(deps.db, userId, body.password, 'password');
  if (body.newEmail === user.email)
    throw new InvalidInputError(ACCOUNT_MESSAGES.sameEmail, { newEmail: [ACCOUNT_MESSAGES.sameEmail] });
  if (await findUserByEmail(deps.db, body.newEmail)) throw taken();
  const now = new Date();
  const { token, hash } = newToken();
  const id = await deps.db.transaction().execute(async (trx) => {
    await revokeEmailTokens(trx, user.id, 'change-email', now);
    await insertEmailToken(trx, {
      tokenHash: hash,
      userId: user.id,
      purpose: 'change-email',
      now,
      expiresAt: new Date(now.getTime() + LINK_MS),
      newEmail: body.newEmail,
    });
    return deps.mail.enqueue(trx, {
      ...confirmNewEmailMessage(mailContext(deps), body.newEmail, token),
      kind: 'change-email',
    });
  });
  await deps.mail.deliverQueued([id]);
}

/**
 * Follows the link: the account moves to the new address (now proven) and the old address is told, so that a
 * change its owner did not make is noticed. Works without a session: the link is the proof.
 */
export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<void> {
  const now = new Date();
  // One transaction: the link is spent only if the address moves, and the old address is told only then.
  const id = await deps.db.transaction().execute(async (trx) => {
    const change = await consumeEmailChangeToken(trx, hashToken(token), now);
    const user = change && (await findUserById(trx, change.userId));
    if (!change || !user) throw new LinkExpiredError(ACCOUNT_MESSAGES.invalidEmailChangeLink);
    // Taken since the link was sent (a sign-up meanwhile): refused, the account keeps its address.
    if (await findUserByEmail(trx, change.newEmail)) throw taken();
    await setUserEmail(trx, user.id, change.newEmail);
    await markEmailConfirmed(trx, user.id, now);
    return deps.mail.enqueue(trx, {
      ...emailChangedMessage(mailContext(deps), user.email, change.newEmail),
      kind: 'email-changed',
    });
  });
  await deps.mail.deliverQueued([id]);
}
