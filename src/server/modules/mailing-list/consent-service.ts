import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONSENT_KINDS, type ConsentKind, type ConsentSource } from '../../../shared/mailing/consent-kinds';
import { MAILING_LIST_MESSAGES } from '../../../shared/mailing/mailing-list';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { LinkExpiredError } from '../../errors';
import type { MailQueue } from '../mail-queue';
import { confirmSubscriptionMail } from './confirm-mail';
import { askConsent, confirmConsents, isSuppressed, withdrawConsent } from './consents-repository';
import { isUnsubscribeToken, type ListSecret } from './list-links';

export interface ConsentDeps {
  db: Kysely<Database>;
  mail: MailQueue;
  config: Pick<Config, 'storeName' | 'publicUrl'>;
}

export interface ConsentRequest {
  email: string;
  kinds: readonly ConsentKind[];
  source: ConsentSource;
  /** The account, when the boxes were ticked signed in or at sign-up. */
  userId?: number | null;
}

/**
 * One link confirms every kind of one request, yet each row keeps a hash of its own (the column is unique): the
 * token hashed with the kind.
 */
const hashFor = (token: string, kind: ConsentKind) =>
  createHash('sha256').update(`${kind}\n${token}`).digest('base64url');

/**
 * Records the boxes ticked as pending consents and queues one confirming e-mail listing the kinds that now wait
 * for it (double opt-in), in one transaction. Kinds already confirmed change nothing, and no mail goes out when
 * nothing waits, nor to a suppressed address. Answers the queued mail's id for a first try.
 */
export async function askConsents(deps: ConsentDeps, request: ConsentRequest): Promise<number | undefined> {
  const email = request.email.toLowerCase();
  const kinds = CONSENT_KINDS.filter((kind) => request.kinds.includes(kind));
  if (kinds.length === 0) return undefined;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  return deps.db.transaction().execute(async (trx) => {
    if (await isSuppressed(trx, email)) return undefined;
    const waiting: ConsentKind[] = [];
    for (const kind of kinds) {
      const ask = { email, kind, source: request.source, userId: request.userId ?? null, now };
      if (await askConsent(trx, { ...ask, tokenHash: hashFor(token, kind) })) waiting.push(kind);
    }
    if (waiting.length === 0) return undefined;
    return deps.mail.enqueue(trx, confirmSubscriptionMail(deps.config, email, waiting, token));
  });
}

/** Asks, then tries the confirming mail at once (the worker retries it if the mail server is down). */
export async function askConsentsAndMail(deps: ConsentDeps, request: ConsentRequest): Promise<void> {
  const id = await askConsents(deps, request);
  await deps.mail.deliverQueued([id]);
}

/** Follows the confirming link: its pending kinds become confirmed. An unknown or spent link is refused. */
export async function confirmByToken(db: Kysely<Database>, token: string): Promise<ConsentKind[]> {
  const kinds = await confirmConsents(
    db,
    CONSENT_KINDS.map((kind) => hashFor(token, kind)),
    new Date(),
  );
  if (kinds.length === 0) throw new LinkExpiredError(MAILING_LIST_MESSAGES.invalidConfirmLink);
  return CONSENT_KINDS.filter((kind) => kinds.includes(kind));
}

/**
 * Unsubscribes an address from one kind through a signed link (no sign-in: the token proves the link was mailed
 * to that address). Unsubscribing twice, or an address never subscribed, answers the same.
 */
export async function unsubscribeByLink(
  db: Kysely<Database>,
  secret: ListSecret,
  link: { email: string; kind: ConsentKind; token: string },
): Promise<void> {
  if (!(await isUnsubscribeToken(secret, link.email, link.kind, link.token)))
    throw new LinkExpiredError(MAILING_LIST_MESSAGES.invalidUnsubscribeLink);
  await withdrawConsent(db, link.email, link.kind, new Date());
}
