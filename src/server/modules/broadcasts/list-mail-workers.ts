import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { MailProvider } from '../../providers/mail/mail-provider';
import type { ListSecret } from '../mailing-list';
import { createBroadcastSender, type BroadcastSenderOptions } from './broadcast-sender';
import { createDigestRunner } from './new-art-digest';
import type { BroadcastDeps } from './service';

/**
 * List mail's two job runners (decision 0076): the owner's broadcasts and the weekly new-art digest, sent straight
 * through the mail server at most once per address (not through the queue, which is at least once), and what the
 * owner's routes need to reach them.
 */
export function createListMailWorkers(
  parts: {
    db: Kysely<Database>;
    mail: MailProvider;
    log: FastifyBaseLogger;
    secret: ListSecret;
    config: Config;
  },
  options: BroadcastSenderOptions = {},
) {
  const { db, mail, log, secret, config } = parts;
  const deps = {
    db,
    mail,
    log,
    list: { secret, config },
    render: { publicUrl: config.publicUrl, storeName: config.storeName, currency: config.tax.currency },
  };
  const sender = createBroadcastSender(deps, { leaseMs: config.broadcastLeaseMs, ...options });
  const digest = createDigestRunner(deps, () => sender.nudge());
  const routeDeps: BroadcastDeps = { ...deps, nudge: () => sender.nudge() };
  return { sender, digest, routeDeps };
}
