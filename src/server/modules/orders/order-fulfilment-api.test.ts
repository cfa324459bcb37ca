import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '../../../../test-support/artwork-factory';
import { signedInCookie } from '../../../../test-support/owner-session';
import { readOutbox, recipientOf } from '../../../../test-support/outbox';
import { startStripeProtocolServer } from '../../../../test-support/stripe-protocol-server';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { TEST_ENGINES } from '../../../../test-support/test-database';

const WEBHOOK_SECRET = 'whsec_test_checkout';
const sign = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

describe.each(TEST_ENGINES)('checkout with Stripe (loopback Stripe API) on %s', (engine) => {
  let stripe: Awaited<ReturnType<typeof startStripeProtocolServer>>;
  let t: TestApp;
  let buyer: string;
  let ids: number[];

  beforeAll(async () => {
    stripe = await startStripeProtocolServer();
    t = await createTestApp(engine, {
      STRIPE_SECRET_KEY: 'sk_test_store',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_store',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://${stripe.host}:${stripe.port}`,
    });
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    ids = await insertTestArtworks(t.db, [{ title: 'Dune Light', price: 19 }]);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  let quantity = 1;
  async function startPayment() {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: ids[0], title: 'x', price: 0.5, quantity: quantity++ }], email: 'buyer@shop.test' },
      headers: { cookie: buyer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ paymentIntentId: string; clientSecret: string; amount: number }>();
  }
  const deliver = (payload: string, signature = sign(payload)) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  const receipts = async (intentId: string) =>
    (await readOutbox(t.dataDir)).filter((m) => recipientOf(m) === 'buyer@shop.test' && m.subject?.includes(intentId.slice(-8))).length;

  it('tells the browser to load Stripe Elements with the publishable key', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_store' });
    expect(String(config.headers['content-security-policy'])).toContain('https://js.stripe.com');
  });

  it('creates the intent at Stripe for the amount the server computed, with the order on it', async () => {
    const { paymentIntentId, amount } = await startPayment();
    const stored = stripe.intents.get(paymentIntentId);
    expect(stored).toMatchObject({ amount, currency: 'usd' });
    expect(amount).toBe(1900);
    const order = await t.db.selectFrom('orders').select(['id', 'provider']).where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(stored?.metadata).toMatchObject({ orderId: String(order.id) });
    expect(order.provider).toBe('stripe');
  });

  it('refuses a webhook with a wrong signature with 400, and changes nothing', async () => {
    const { paymentIntentId } = await startPayment();
    stripe.succeedIntent(paymentIntentId);
    const payload = stripe.eventFor('payment_intent.succeeded', paymentIntentId);
    const forged = await deliver(payload, sign(payload, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect((await deliver(payload, '')).statusCode).toBe(400);
    const order = await t.db.selectFrom('orders').select('status').where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
  });

  it('makes one paid order and one receipt of an event delivered three times while the page confirms', async () => {
    const { paymentIntentId } = await startPayment();
    stripe.succeedIntent(paymentIntentId);
    const payload = stripe.eventFor('payment_intent.succeeded', paymentIntentId);
    const confirm = () => t.app.inject({ method: 'POST', url: '/api/orders/confirm', payload: { paymentIntentId }, headers: { cookie: buyer } });
    const answers = await Promise.all([deliver(payload), deliver(payload), confirm(), deliver(payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const order = await t.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', card_brand: 'visa', card_last4: '4242' });
    expect(await receipts(paymentIntentId)).toBe(1);
    // Queued once, with the order's key (decision 0026), and again delivered later changes nothing.
    expect((await deliver(payload)).statusCode).toBe(200);
    const queued = await t.db.selectFrom('mail_queue').select(['kind', 'idempotency_key', 'sent_at']).where('ref', '=', order.order_number).execute();
    expect(queued).toEqual([{ kind: 'receipt', idempotency_key: `receipt:${order.order_number}`, sent_at: expect.anything() }]);
    expect(await receipts(paymentIntentId)).toBe(1);
  });

  it('marks a failed payment failed, and a later success after it paid', async () => {
    const { paymentIntentId } = await startPayment();
    stripe.failIntent(paymentIntentId, 'card_declined');
    expect((await deliver(stripe.eventFor('payment_intent.payment_failed', paymentIntentId))).statusCode).toBe(200);
    const status = async () => (await t.db.selectFrom('orders').select('status').where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe('failed');
    stripe.succeedIntent(paymentIntentId);
    await deliver(stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    expect(await status()).toBe('paid');
  });

  it('never pays an order from an intent whose amount differs from the order', async () => {
    const { paymentIntentId } = await startPayment();
    const stored = stripe.intents.get(paymentIntentId)!;
    stored.amount = 50;
    stripe.succeedIntent(paymentIntentId);
    await deliver(stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    const order = await t.db.selectFrom('orders').select('status').where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
  });

  const statusOf = async (intentId: string) =>
    t.db.selectFrom('orders').select(['status', 'refunded_cents', 'amount_cents']).where('payment_intent_id', '=', intentId).executeTakeFirstOrThrow();
  async function paidOrder() {
    const { paymentIntentId } = await startPayment();
    stripe.succeedIntent(paymentIntentId);
    await deliver(stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    return paymentIntentId;
  }

  it('applies refund webhooks, partial then full, once each however often delivered', async () => {
    const intentId = await paidOrder();
    const refundsMailed = async () => (await readOutbox(t.dataDir)).filter((m) => m.subject?.startsWith(`Refund for order #${intentId.slice(-8)}`)).length;
    stripe.refundIntent(intentId, 400);
    const partial = stripe.eventFor('charge.refunded', intentId);
    await Promise.all([deliver(partial), deliver(partial), deliver(partial)]);
    expect(await statusOf(intentId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 400 });
    stripe.refundIntent(intentId);
    const full = stripe.eventFor('charge.refunded', intentId);
    await deliver(full);
    // The older, partial event arriving late changes nothing.
    const { amount_cents: amount } = await statusOf(intentId);
    await deliver(stripe.eventFor('charge.refunded', intentId).replace(`"amount_refunded":${amount}`, '"amount_refunded":400'));
    await deliver(full);
    expect(await statusOf(intentId)).toMatchObject({ status: 'refunded', refunded_cents: amount });
    expect(await refundsMailed()).toBe(2);
  });

  it('keeps an order disputed when the dispute is reported before the payment, and refunded when won after a full refund', async () => {
    const { paymentIntentId } = await startPayment();
    stripe.succeedIntent(paymentIntentId);
    await deliver(stripe.eventFor('charge.dispute.created', paymentIntentId));
    await deliver(stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    const early = await t.db.selectFrom('orders').select(['status', 'paid_at']).where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    expect(early.status).toBe('disputed');
    expect(early.paid_at).not.toBeNull();
    stripe.refundIntent(paymentIntentId);
    await deliver(stripe.eventFor('charge.refunded', paymentIntentId));
    expect((await statusOf(paymentIntentId)).status).toBe('disputed');
    await deliver(stripe.eventFor('charge.dispute.closed', paymentIntentId, 'won'));
    expect((await statusOf(paymentIntentId)).status).toBe('refunded');
  });

  it('applies a refund that arrives before the payment once the payment arrives', async () => {
    const { paymentIntentId } = await startPayment();
    stripe.succeedIntent(paymentIntentId);
    stripe.refundIntent(paymentIntentId);
    await deliver(stripe.eventFor('charge.refunded', paymentIntentId));
    expect((await statusOf(paymentIntentId)).status).toBe('pending');
    await deliver(stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    await deliver(stripe.eventFor('charge.refunded', paymentIntentId));
    const order = await statusOf(paymentIntentId);
    expect(order).toMatchObject({ status: 'refunded', refunded_cents: order.amount_cents });
    // The customer is told of the payment and then of the refund, once each, however the events came.
    const { order_number: orderNumber } = await t.db.selectFrom('orders').select('order_number').where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
    const queued = await t.db.selectFrom('mail_queue').select(['kind', 'idempotency_key']).where('ref', '=', orderNumber).orderBy('id').execute();
    expect(queued).toEqual([
      { kind: 'receipt', idempotency_key: `receipt:${orderNumber}` },
      { kind: 'refund', idempotency_key: `refund:${orderNumber}:${order.amount_cents}` },
    ]);
  });

  it('pauses the downloads of a disputed order, and restores them when the dispute is won (or refunds when lost)', async () => {
    const won = await paidOrder();
    const opened = stripe.eventFor('charge.dispute.created', won);
    await deliver(opened);
    await deliver(opened);
    expect((await statusOf(won)).status).toBe('disputed');
    await deliver(stripe.eventFor('charge.dispute.closed', won, 'won'));
    expect((await statusOf(won)).status).toBe('paid');

    // An inquiry closed without a chargeback ('warning_closed') is no loss: the order stays paid.
    const inquiry = await paidOrder();
    await deliver(stripe.eventFor('charge.dispute.created', inquiry));
    await deliver(stripe.eventFor('charge.dispute.closed', inquiry, 'warning_closed'));
    expect((await statusOf(inquiry)).status).toBe('paid');

    const lost = await paidOrder();
    await deliver(stripe.eventFor('charge.dispute.created', lost));
    await deliver(stripe.eventFor('charge.dispute.closed', lost, 'lost'));
    const lostOrder = await statusOf(lost);
    expect(lostOrder).toMatchObject({ status: 'refunded', refunded_cents: lostOrder.amount_cents });
  });
});
