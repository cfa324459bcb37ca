import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ConsentKind } from '#shared/mailing/consent-kinds.ts';
import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
import type { Config } from '../../config';
import type { Database, EmailTokenPurpose } from '../../db/schema';
import { EmailNotConfirmedError, InvalidCredentialsError, LinkExpiredError } from '../../errors';
import type { MailMessage } from '../../providers/mail/mail-provider';
import type { MailSender } from '../mail-queue';
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  markEmailConfirmed,
  setPasswordHash,
  verifyPassword,
} from '../users';
import { alreadyRegisteredMessage, confirmEmailMessage, resetPasswordMessage } from './auth-emails';
import { consumeEmailToken, insertEmailToken, revokeEmailTokens } from './email-token-repository';
import {
  deleteSession,
  deleteSessionsOfUser,
  findLiveSession,
  insertSession,
  touchSession,
} from './session-repository';
import { hashToken, newToken } from './tokens';

const CONFIRM_LINK_MS = 24 * 3_600_000;
const RESET_LINK_MS = 3_600_000;
/** A session's last-seen time is written at most this often, so browsing does not mean a write per request. */
const TOUCH_EVERY_MS = 60_000;

export interface AuthDeps {
  db: Kysely<Database>;
  /** The mail queue (decision 0026): a message is kept in the database until the mail server takes it. */
  mail: MailSender;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * An account's address was proven (its confirmation link, or a sign-in of a confirmed account): what the store
   * keeps under that address without an account (a guest's orders) joins it. Given by the app, so auth needs no
   * other module.
   */
  onAddressConfirmed?: (user: { id: number; email: string }) => Promise<unknown>;
  /** The mailing-list boxes ticked at sign-up: given by the app, which asks the mailing list to confirm them. */
  onListConsents?: (email: string, kinds: readonly ConsentKind[]) => Promise<void>;
}

/** Hashed once per process: checking a password of an unknown e-mail costs as much as of a known one. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy password that never matches'));

function emailContext(config: Config) {
  return { storeName: config.storeName, publicUrl: config.publicUrl };
}

/**
 * Queues the message (the worker sends it at once, and again later while the mail server is down) without
 * delivering it here: the answer to the browser must take as long, and say the same, whether or not a message
 * goes out, or the timing would tell who has an account. Queued right after the token it carries is stored, not in
 * one transaction with it: a crash in between leaves a link nobody received, and "send again" answers that.
 */
async function queueMail(deps: AuthDeps, kind: string, message: MailMessage): Promise<void> {
  try {
    await deps.mail.send({ ...message, kind });
  } catch (error) {
    deps.log.error({ err: error, kind }, 'e-mail could not be queued');
  }
}

async function issueEmailToken(deps: AuthDeps, userId: number, purpose: EmailTokenPurpose, lifetimeMs: number) {
  const now = new Date();
  // Only the newest link of a kind works: a link from an earlier attempt cannot be used once a new one is sent.
  await revokeEmailTokens(deps.db, userId, purpose, now);
  const { token, hash } = newToken();
  await insertEmailToken(deps.db, {
    tokenHash: hash,
    userId,
    purpose,
    now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
  return token;
}

export async function signUp(deps: AuthDeps, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const newUserId = await insertUser(deps.db, { email, passwordHash, role: 'customer', confirmed: false });
  if (newUserId !== undefined) {
    const token = await issueEmailToken(deps, newUserId, 'confirm-email', CONFIRM_LINK_MS);
    await queueMail(deps, 'confirm-email', confirmEmailMessage(emailContext(deps.config), email, token));
    return;
  }

  const existing = await findUserByEmail(deps.db, email);
  if (!existing) return;
  if (existing.email_confirmed_at) {
    await queueMail(deps, 'already-registered', alreadyRegisteredMessage(emailContext(deps.config), email));
    return;
  }
  // Still unconfirmed: the latest sign-up's password counts and only its link works, so whoever signed up
  // first with someone else's address gains nothing once the owner of the inbox signs up and confirms.
  await setPasswordHash(deps.db, existing.id, passwordHash);
  const token = await issueEmailToken(deps, existing.id, 'confirm-email', CONFIRM_LINK_MS);
  await queueMail(deps, 'confirm-email', confirmEmailMessage(emailContext(deps.config), email, token));
}

export async function resendConfirmation(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.email_confirmed_at) return;
  const token = await issueEmailToken(deps, user.id, 'confirm-email', CONFIRM_LINK_MS);
  await queueMail(deps, 'confirm-email', confirmEmailMessage(emailContext(deps.config), email, token));
}

export async function confirmEmail(deps: AuthDeps, token: string): Promise<void> {
  const now = new Date();
  const userId = await consumeEmailToken(deps.db, hashToken(token), 'confirm-email', now);
  if (userId === undefined) throw new LinkExpiredError(AUTH_MESSAGES.invalidConfirmLink);
  await markEmailConfirmed(deps.db, userId, now);
  const user = await findUserById(deps.db, userId);
  if (user) await deps.onAddressConfirmed?.(user);
}

/** Checks the password and opens a new session; returns the session token for the cookie. */
export async function signIn(
  deps: AuthDeps,
  email: string,
  password: string,
): Promise<{ token: string; user: SessionUser }> {
  const user = await findUserByEmail(deps.db, email);
  const valid = user
    ? await verifyPassword(password, user.password_hash)
    : await verifyPassword(password, await decoy());
  if (!user || !valid) throw new InvalidCredentialsError(AUTH_MESSAGES.invalidCredentials);
  if (!user.email_confirmed_at) throw new EmailNotConfirmedError(AUTH_MESSAGES.emailNotConfirmed);
  // Guest orders made with the address since (or before) it was confirmed join the account now.
  await deps.onAddressConfirmed?.(user);

  const now = new Date();
  const { token, hash } = newToken();
  await insertSession(deps.db, {
    tokenHash: hash,
    userId: user.id,
    now,
    expiresAt: new Date(now.getTime() + deps.config.sessionAbsoluteMs),
  });
  return { token, user: { id: user.id, email: user.email, role: user.role } };
}

export async function signOut(deps: Pick<AuthDeps, 'db'>, token: string): Promise<void> {
  await deleteSession(deps.db, hashToken(token));
}

export async function userOfSession(deps: Pick<AuthDeps, 'db' | 'config'>, token: string): Promise<SessionUser | null> {
  const now = new Date();
  const tokenHash = hashToken(token);
  const session = await findLiveSession(deps.db, tokenHash, now, new Date(now.getTime() - deps.config.sessionIdleMs));
  if (!session) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(deps.db, tokenHash, now);
  return session.user;
}

export async function forgotPassword(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueEmailToken(deps, user.id, 'reset-password', RESET_LINK_MS);
  await queueMail(deps, 'reset-password', resetPasswordMessage(emailContext(deps.config), user.email, token));
}

/** Sets the new password, confirms the address (the link proved the inbox) and ends every session of the user. */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<void> {
  const now = new Date();
  const passwordHash = await hashPassword(password);
  const userId = await consumeEmailToken(deps.db, hashToken(token), 'reset-password', now);
  if (userId === undefined || !(await findUserById(deps.db, userId)))
    throw new LinkExpiredError(AUTH_MESSAGES.invalidResetLink);
  await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, userId, passwordHash);
    await markEmailConfirmed(trx, userId, now);
    await revokeEmailTokens(trx, userId, 'reset-password', now);
    await deleteSessionsOfUser(trx, userId);
  });
}
