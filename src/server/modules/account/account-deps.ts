import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import type { MailQueue } from '../mail-queue';

export interface AccountDeps {
  db: Kysely<Database>;
  config: Config;
  /** Account mail is queued in the transaction of the change it tells of. */
  mail: MailQueue;
  events: EventBus;
  log: FastifyBaseLogger;
}
