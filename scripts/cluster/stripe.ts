// The loopback Stripe-protocol server of the checkout tests, run inside the harness so a scenario can pay an
// intent as the customer's browser would (its card form talks to Stripe, not to the store).
import { randomBytes } from 'node:crypto';
import { startStripeProtocolServer, type StripeProtocolServer } from '../../test-support/stripe-protocol-server';

export interface ClusterStripe {
  server: StripeProtocolServer;
  /** The STRIPE_* variables every instance gets; the webhook secret only satisfies production's check. */
  env: Record<string, string>;
}

export async function startStripe(): Promise<ClusterStripe> {
  const server = await startStripeProtocolServer();
  return {
    server,
    env: {
      STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
      STRIPE_PUBLISHABLE_KEY: `pk_test_${randomBytes(12).toString('hex')}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString('hex')}`,
      STRIPE_API_URL: `${server.protocol}://${server.host}:${server.port}`,
    },
  };
}
