import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CONTACT_MESSAGES } from '#shared/store/contact.ts';
import type { ContactMessageInput } from '#shared/store/contact-schema.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { MailFailedError } from '../../errors';
import { escapeMarkup } from '../../http/escaping';
import type { MailQueue } from '../mail-queue';
import { insertContactMessage, markContactMessageMailed } from './repository';

export interface ContactDeps {
  db: Kysely<Database>;
  mail: MailQueue;
  config: Config;
  log: FastifyBaseLogger;
}

function contactEmail(config: Config, message: ContactMessageInput) {
  const text = [`From: ${message.name} <${message.email}>`, `Subject: ${message.subject}`, '', message.message].join(
    '\n',
  );
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p><strong>From:</strong> ${escapeMarkup(message.name)} &lt;${escapeMarkup(message.email)}&gt;</p>
<p><strong>Subject:</strong> ${escapeMarkup(message.subject)}</p>
<p style="white-space:pre-wrap">${escapeMarkup(message.message)}</p></body></html>`;
  return { subject: `[${config.storeName}] ${message.subject}`, text, html };
}

/**
 * Keeps the message and queues its e-mail to the owner in one transaction (decision 0026), with Reply-To set to
 * the sender, so answering is one click in any mail program; then tries to deliver it at once. The visitor is told
 * it was sent once it is kept and queued, even if the mail server is down right now: the queue delivers it when
 * the server is back, and asking the visitor to try again would only send it twice. The failure text ('Sorry,
 * there was a problem…') is for a message that could not be kept at all. `mailed_at` is set when the mail
 * server takes it.
 */
export async function receiveContactMessage(deps: ContactDeps, message: ContactMessageInput): Promise<void> {
  const to = deps.config.contactEmail;
  let mailId: number | undefined;
  try {
    mailId = await deps.db.transaction().execute(async (trx) => {
      const id = await insertContactMessage(trx, message, new Date());
      if (!to) {
        deps.log.warn(
          { contactMessageId: id },
          'contact message stored, but neither CONTACT_EMAIL nor ADMIN_EMAIL is set to mail it to',
        );
        return undefined;
      }
      const mail = {
        to,
        replyTo: message.email,
        ...contactEmail(deps.config, message),
        kind: 'contact',
        ref: String(id),
      };
      return deps.mail.enqueue(trx, mail);
    });
  } catch (error) {
    deps.log.error({ err: error }, 'contact message could not be stored');
    throw new MailFailedError(CONTACT_MESSAGES.failed);
  }
  await deps.mail.deliverQueued([mailId]);
}

/** Notes on the contact message that its e-mail went out (whichever instance delivered it). */
export function noteContactMessageMailed(mail: MailQueue): void {
  mail.onDelivered('contact', async (ref, db) => {
    if (ref) await markContactMessageMailed(db, Number(ref), new Date());
  });
}
