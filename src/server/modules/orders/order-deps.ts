import type { ConsentKind } from '#shared/mailing/consent-kinds.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { SecretSource } from '../../providers/storage/signed-local-link';
import type { MailQueue } from '../mail-queue';
import type { TaxCalculator, ViesCache } from '../taxes';

/** What the order services use: the app gives the same to its order, payment and housekeeping parts. */
export interface OrderDeps {
  db: Kysely<Database>;
  payments: PaymentProvider;
  /** Receipts and refund e-mails are queued with the change they tell of (decision 0026). */
  mail: MailQueue;
  config: Config;
  log: FastifyBaseLogger;
  /** The built-in rate table, or Stripe Tax (STRIPE_TAX=true). */
  taxCalculator: TaxCalculator;
  /** VIES's answers about VAT numbers, kept a while (taxes/vies-cache.ts). */
  viesCache?: ViesCache;
  /** Where the order's lifecycle tells what happened (paid, refunded…): the modules that act on it listen there. */
  events: EventBus;
  /** Numbers the licence certificates of the lines in order answers; without it they carry none. */
  certificateSecret?: SecretSource;
  /** Signs a guest's library links (guest-link.ts); the store's download-signing secret. */
  guestLinkSecret?: SecretSource;
  /**
   * The mailing-list boxes ticked at checkout: given by the app (the mailing list records them as pending and mails
   * the confirming link), so orders needs no other module.
   */
  askListConsents?: (ask: { email: string; kinds: readonly ConsentKind[]; userId: number | null }) => Promise<void>;
}

/** What applying an event to an order needs: the database, the queue for its e-mails, the bus for its events. */
export type LifecycleDeps = Pick<OrderDeps, 'db' | 'mail' | 'config' | 'log' | 'events' | 'guestLinkSecret'>;
