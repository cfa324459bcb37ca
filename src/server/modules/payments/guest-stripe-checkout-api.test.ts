import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { orderByIntent } from '#test-support/order-by-intent.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { startStripeCheckout, type StripeCheckout } from '#test-support/stripe-checkout.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// A guest's card order through Stripe (decision 0058), the loopback Stripe API answering: the intent is made for the
// guest's address, Stripe's webhook pays the order, and the guest's confirmation answers their library link.
describe.each(TEST_ENGINES)('guest checkout with Stripe (loopback Stripe API) on %s', (engine) => {
  let t: StripeCheckout;

  beforeAll(async () => {
    t = await startStripeCheckout(engine, { env: { GUEST_CHECKOUT: 'true', PUBLIC_URL: 'http://shop.test' } });
  });
  afterAll(() => t.close());

  it('pays a guest order by the webhook, mails the receipt with the library link, and confirms it to the guest only', async () => {
    const email = 'stripe-guest@shop.test';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: t.artworkId, quantity: 1 }], email: 'Stripe-Guest@Shop.test' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { paymentIntentId } = created.json<{ paymentIntentId: string }>();
    expect(t.stripe.intents.get(paymentIntentId)).toBeDefined();

    t.stripe.succeedIntent(paymentIntentId);
    expect((await t.deliver(t.stripe.eventFor('payment_intent.succeeded', paymentIntentId))).statusCode).toBe(200);
    const order = await orderByIntent(t.db, paymentIntentId);
    expect(order).toMatchObject({ status: 'paid', user_id: null, customer_email: email });

    const receipt = await waitForMail(t.dataDir, email, /receipt/i);
    expect(receipt.text).toMatch(/http:\/\/shop\.test\/guest-orders\/WA-/);

    // Another address cannot confirm it (and so learns no link); the guest's own can.
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/orders/confirm',
      payload: { paymentIntentId, email: 'someone@shop.test' },
    });
    expect(stranger.statusCode).toBe(404);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/confirm',
      payload: { paymentIntentId, email },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<OrderSummary>().guestLink).toMatch(/^http:\/\/shop\.test\/guest-orders\/WA-/);
  });
});
