import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PaymentsBrowserConfig } from '#shared/orders/checkout-schema.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { PaymentProvider } from './payment-provider';
import { StripePayments, type StripePaymentsOptions } from './stripe-payments';
import { TestPayments } from './test-payments';

/** The one active provider, chosen at boot from the configuration. */
export function createPaymentProvider(config: Config, db: Kysely<Database>, log: FastifyBaseLogger): PaymentProvider {
  const payments = config.payments;
  if (payments.provider === 'test') return new TestPayments(db, payments.methods);
  if (!payments.webhookSecret) {
    log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: orders are only paid when the checkout page confirms them (see README)',
    );
  }
  return new StripePayments({
    secretKey: payments.secretKey,
    webhookSecret: payments.webhookSecret ?? '',
    apiHost: stripeApiHostOf(payments.apiUrl),
    methods: payments.methods,
  });
}

/** STRIPE_API_URL as the SDK takes it: only tests set it, to a loopback server speaking Stripe's API. */
export function stripeApiHostOf(apiUrl: string | undefined): StripePaymentsOptions['apiHost'] {
  if (!apiUrl) return undefined;
  const api = new URL(apiUrl);
  return {
    host: api.hostname,
    port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
  };
}

/** What the checkout page needs to take card details with the active provider. */
export function browserConfigOf(config: Config): PaymentsBrowserConfig {
  const methods = config.payments.methods;
  return config.payments.provider === 'stripe'
    ? { provider: 'stripe', publishableKey: config.payments.publishableKey, methods }
    : { provider: 'test', methods };
}
