import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { MailProvider } from './mail-provider';
import { OutboxMail } from './outbox-mail';
import { SmtpMail } from './smtp-mail';

export function createMailProvider(config: Config, log: FastifyBaseLogger): MailProvider {
  if (config.smtpUrl) return new SmtpMail(config.smtpUrl, config.mailFrom, config.dkim);
  return new OutboxMail({
    dir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
    log: (file, message) =>
      log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the outbox'),
  });
}
