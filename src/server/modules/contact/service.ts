import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CONTACT_MESSAGES, type ContactMessageInput } from '../../../shared/contact';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { MailFailedError } from '../../errors';
import { escapeMarkup } from '../../http/escaping';
import type { MailProvider } from '../../providers/mail/mail-provider';
import { insertContactMessage, markContactMessageMailed } from './repository';

function contactEmail(config: Config, message: ContactMessageInput) {
  const text = [`From: ${message.name} <${message.email}>`, `Subject: ${message.subject}`, '', message.message].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p><strong>From:</strong> ${escapeMarkup(message.name)} &lt;${escapeMarkup(message.email)}&gt;</p>
<p><strong>Subject:</strong> ${escapeMarkup(message.subject)}</p>
<p style="white-space:pre-wrap">${escapeMarkup(message.message)}</p></body></html>`;
  return { subject: `[${config.storeName}] ${message.subject}`, text, html };
}

/**
 * Keeps the message first, so nothing is lost even if mail fails, then mails it to the owner with Reply-To set
 * to the sender, so answering is one click in any mail program.
 */
export async function receiveContactMessage(
  deps: { db: Kysely<Database>; mail: MailProvider; config: Config; log: FastifyBaseLogger },
  message: ContactMessageInput,
): Promise<void> {
  const id = await insertContactMessage(deps.db, message, new Date());
  const to = deps.config.contactEmail;
  if (!to) {
    deps.log.warn({ contactMessageId: id }, 'contact message stored, but neither CONTACT_EMAIL nor ADMIN_EMAIL is set to mail it to');
    return;
  }
  try {
    await deps.mail.send({ to, replyTo: message.email, ...contactEmail(deps.config, message) });
    await markContactMessageMailed(deps.db, id, new Date());
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: id }, 'contact message stored but could not be mailed');
    throw new MailFailedError(CONTACT_MESSAGES.failed);
  }
}
