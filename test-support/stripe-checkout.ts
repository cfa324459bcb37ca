import Stripe from 'stripe';
import type { Engine } from '../src/server/db/dialect';
import { insertTestArtworks } from './artwork-factory';
import { signedInCookie } from './owner-session';
import { startStripeProtocolServer, type StripeProtocolServerOptions } from './stripe-protocol-server';
import { createTestApp } from './test-app';

const WEBHOOK_SECRET = 'whsec_test_checkout';
export const BUYER_EMAIL = 'buyer@shop.test';

/** A Stripe-Signature header for the payload, made with the store's webhook secret unless told another. */
export const signWebhook = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

/**
 * The app taking payments with Stripe, whose API the loopback Stripe protocol server answers, with a signed-in buyer
 * and one artwork at 19 (dollars unless `env` names another STORE_CURRENCY) to buy. `env` adds settings (STRIPE_TAX,
 * TAX_REGISTRATIONS…), `stripe` sets up the Stripe account (its Stripe Tax registrations).
 */
export async function startStripeCheckout(
  engine: Engine,
  options: { env?: Record<string, string>; stripe?: StripeProtocolServerOptions } = {},
) {
  const stripe = await startStripeProtocolServer(options.stripe);
  const t = await createTestApp(engine, {
    STRIPE_SECRET_KEY: 'sk_test_store',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_store',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://${stripe.host}:${stripe.port}`,
    ...options.env,
  });
  const buyer = await signedInCookie(t.app, t.db, BUYER_EMAIL, 'customer');
  const [artworkId] = await insertTestArtworks(t.db, [{ title: 'Dune Light', price: 19 }]);
  let quantity = 1;
  return {
    ...t,
    stripe,
    /** The buyer's session cookie. */
    buyer,
    artworkId: artworkId!,
    /** Starts the checkout of a cart of its own (the quantity differs each time), so each call has an order of its own. */
    async startPayment() {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { items: [{ id: artworkId, title: 'x', price: 0.5, quantity: quantity++ }], email: BUYER_EMAIL },
        headers: { cookie: buyer },
      });
      if (response.statusCode !== 200) throw new Error(`checkout not started: ${response.body}`);
      return response.json<{ paymentIntentId: string; clientSecret: string; amount: number }>();
    },
    /** Delivers an event to the webhook as Stripe does, signed unless another signature is given. */
    deliver(payload: string, signature = signWebhook(payload)) {
      return t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    },
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

export type StripeCheckout = Awaited<ReturnType<typeof startStripeCheckout>>;
