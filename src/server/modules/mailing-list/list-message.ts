import type { ConsentKind } from '../../../shared/mailing/consent-kinds';
import { MAILING_LIST_MESSAGES } from '../../../shared/mailing/mailing-list';
import type { Config } from '../../config';
import { ConflictError } from '../../errors';
import { escapeMarkup } from '../../http/escaping';
import type { QueuedMail } from '../mail-queue';
import { listUnsubscribe, type ListSecret } from './list-links';

export interface ListMessageDeps {
  /** The download-signing secret (downloads' `downloadSigningSecret`), which signs the unsubscribe links. */
  secret: ListSecret;
  config: Pick<Config, 'publicUrl' | 'storeName' | 'nodeEnv' | 'tax'>;
}

export interface ListMessageContent {
  email: string;
  kind: ConsentKind;
  subject: string;
  /** The message's own words; the footer (postal address, unsubscribe link) is added after them. */
  text: string;
  /** An HTML fragment or a whole document; the footer goes before its `</body>`, or after it. */
  html: string;
}

/**
 * The postal address every list message carries (CAN-SPAM, and the ePrivacy rules' identification of the sender):
 * the seller's name and address from SELLER_NAME and SELLER_ADDRESS. Without them, production refuses to send list
 * mail at all (the owner is told why); development and tests put the store's name alone, so the list can be tried.
 */
export function sellerPostalAddress(config: ListMessageDeps['config']): string {
  const { name, address } = config.tax.seller;
  if (name && address) return `${name}, ${address.replace(/\s*\n\s*/g, ', ')}`;
  if (config.nodeEnv === 'production') throw new ConflictError(MAILING_LIST_MESSAGES.noSellerAddress);
  return `${config.storeName} (postal address not set: SELLER_NAME and SELLER_ADDRESS)`;
}

/**
 * The one way to build list mail (news, new artworks, cart reminders, review requests): the given words, then a
 * footer with the seller's postal address and a visible unsubscribe link, and the RFC 8058 List-Unsubscribe and
 * List-Unsubscribe-Post headers (signed by the SMTP provider's DKIM key). Its kind is `list-<consent kind>`, which
 * the mail queue gives up at once on a permanent refusal, suppressing the address. Queue the answer with
 * `MailQueue.enqueue`, after checking `mayMail` (or walking `confirmedRecipients`). Throws a ConflictError in
 * production when the seller's address is not configured.
 */
export async function listMessage(deps: ListMessageDeps, content: ListMessageContent): Promise<QueuedMail> {
  const postal = sellerPostalAddress(deps.config);
  const { pageUrl, headers } = await listUnsubscribe(deps.secret, deps.config.publicUrl, content.email, content.kind);
  const text = [
    content.text.trimEnd(),
    '',
    '--',
    `You get this e-mail because you subscribed to it at ${deps.config.storeName}.`,
    `Unsubscribe: ${pageUrl}`,
    postal,
  ].join('\n');
  const footer = `<hr style="border:none;border-top:1px solid #d9dee3;margin:24px 0 12px">
<p style="color:#5f6b76;font-size:13px">You get this e-mail because you subscribed to it at ${escapeMarkup(deps.config.storeName)}.
<a href="${escapeMarkup(pageUrl)}">Unsubscribe</a></p>
<p style="color:#5f6b76;font-size:13px">${escapeMarkup(postal)}</p>`;
  const html = /<\/body>/i.test(content.html)
    ? content.html.replace(/<\/body>/i, `${footer}\n</body>`)
    : `${content.html}\n${footer}`;
  return {
    kind: `list-${content.kind}`,
    to: content.email.toLowerCase(),
    subject: content.subject,
    text,
    html,
    headers,
  };
}
