import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderByIntent } from '#test-support/order-by-intent.ts';
import { signWebhook, startStripeCheckout, type StripeCheckout } from '#test-support/stripe-checkout.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// The payments module with Stripe: the browser's configuration, the intent made at Stripe, the webhook's signature.
// What the events then do to an order is tested with the orders (orders/order-fulfilment-api.test.ts).
describe.each(TEST_ENGINES)('checkout with Stripe (loopback Stripe API) on %s', (engine) => {
  let t: StripeCheckout;

  beforeAll(async () => {
    t = await startStripeCheckout(engine);
  });
  afterAll(() => t.close());

  it('tells the browser to load Stripe Elements with the publishable key', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_store',
      methods: 'card',
      demoCode: null,
      taxes: { charged: false, pricesIncludeTax: false },
    });
    expect(String(config.headers['content-security-policy'])).toContain('https://js.stripe.com');
  });

  it('creates the intent at Stripe for the amount the server computed, with the order on it', async () => {
    const { paymentIntentId, amount } = await t.startPayment();
    const stored = t.stripe.intents.get(paymentIntentId);
    expect(stored).toMatchObject({ amount, currency: 'usd' });
    expect(amount).toBe(1900);
    const order = await orderByIntent(t.db, paymentIntentId);
    expect(stored?.metadata).toMatchObject({ orderId: String(order.id) });
    expect(order.provider).toBe('stripe');
    // PAYMENT_METHODS is 'card' unless the owner says otherwise: cards only.
    expect(stored?.allowed_payment_method_types).toEqual(['card']);
    expect(stored?.automatic_payment_methods).toBeNull();
  });

  it('refuses a method other than a card with 400 naming the field, while the store takes cards only', async () => {
    const { paymentIntentId } = await t.startPayment();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/confirm-payment',
      payload: { paymentIntentId, confirmationId: t.stripe.createConfirmationToken({ type: 'ideal', bank: 'ing' }) },
      headers: { cookie: t.buyer },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ details: { confirmationId: [expect.stringMatching(/not allowed/)] } });
    expect(t.stripe.intents.get(paymentIntentId)?.status).toBe('requires_payment_method');
    expect((await orderByIntent(t.db, paymentIntentId)).status).toBe('pending');
  });

  it('refuses a webhook with a wrong signature with 400, and changes nothing', async () => {
    const { paymentIntentId } = await t.startPayment();
    t.stripe.succeedIntent(paymentIntentId);
    const payload = t.stripe.eventFor('payment_intent.succeeded', paymentIntentId);
    const forged = await t.deliver(payload, signWebhook(payload, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect((await t.deliver(payload, '')).statusCode).toBe(400);
    expect((await orderByIntent(t.db, paymentIntentId)).status).toBe('pending');
  });
});
