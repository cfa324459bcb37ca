import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderByIntent } from '#test-support/order-by-intent.ts';
import { readOutbox, recipientOf } from '#test-support/outbox.ts';
import { BUYER_EMAIL, startStripeCheckout, type StripeCheckout } from '#test-support/stripe-checkout.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// An order's fulfilment as Stripe's events drive it: paid once however often told, failed, refunded, disputed, in
// whatever order the events arrive.
describe.each(TEST_ENGINES)("order fulfilment from Stripe's events (loopback Stripe API) on %s", (engine) => {
  let t: StripeCheckout;

  beforeAll(async () => {
    t = await startStripeCheckout(engine);
  });
  afterAll(() => t.close());

  const receipts = async (intentId: string) =>
    (await readOutbox(t.dataDir)).filter(
      (m) => recipientOf(m) === BUYER_EMAIL && m.subject?.includes(intentId.slice(-8)),
    ).length;
  const orderOf = (intentId: string) => orderByIntent(t.db, intentId);
  async function paidOrder() {
    const { paymentIntentId } = await t.startPayment();
    t.stripe.succeedIntent(paymentIntentId);
    await t.deliver(t.stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    return paymentIntentId;
  }

  it('makes one paid order and one receipt of an event delivered three times while the page confirms', async () => {
    const { paymentIntentId } = await t.startPayment();
    t.stripe.succeedIntent(paymentIntentId);
    const payload = t.stripe.eventFor('payment_intent.succeeded', paymentIntentId);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/confirm',
        payload: { paymentIntentId },
        headers: { cookie: t.buyer },
      });
    const answers = await Promise.all([t.deliver(payload), t.deliver(payload), confirm(), t.deliver(payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const order = await orderOf(paymentIntentId);
    expect(order).toMatchObject({ status: 'paid', card_brand: 'visa', card_last4: '4242' });
    expect(await receipts(paymentIntentId)).toBe(1);
    // Queued once, with the order's key (decision 0026), and again delivered later changes nothing.
    expect((await t.deliver(payload)).statusCode).toBe(200);
    const queued = await t.db
      .selectFrom('mail_queue')
      .select(['kind', 'idempotency_key', 'sent_at'])
      .where('ref', '=', order.order_number)
      .execute();
    expect(queued).toEqual([
      { kind: 'receipt', idempotency_key: `receipt:${order.order_number}`, sent_at: expect.anything() },
    ]);
    expect(await receipts(paymentIntentId)).toBe(1);
  });

  it('marks a failed payment failed, and a later success after it paid', async () => {
    const { paymentIntentId } = await t.startPayment();
    t.stripe.failIntent(paymentIntentId, 'card_declined');
    expect((await t.deliver(t.stripe.eventFor('payment_intent.payment_failed', paymentIntentId))).statusCode).toBe(200);
    const status = async () => (await orderOf(paymentIntentId)).status;
    expect(await status()).toBe('failed');
    t.stripe.succeedIntent(paymentIntentId);
    await t.deliver(t.stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    expect(await status()).toBe('paid');
  });

  it('never pays an order from an intent whose amount differs from the order', async () => {
    const { paymentIntentId } = await t.startPayment();
    const stored = t.stripe.intents.get(paymentIntentId)!;
    stored.amount = 50;
    t.stripe.succeedIntent(paymentIntentId);
    await t.deliver(t.stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
  });

  it('applies refund webhooks, partial then full, once each however often delivered', async () => {
    const intentId = await paidOrder();
    const refundsMailed = async () =>
      (await readOutbox(t.dataDir)).filter((m) => m.subject?.startsWith(`Refund for order #${intentId.slice(-8)}`))
        .length;
    t.stripe.refundIntent(intentId, 400);
    const partial = t.stripe.eventFor('charge.refunded', intentId);
    await Promise.all([t.deliver(partial), t.deliver(partial), t.deliver(partial)]);
    expect(await orderOf(intentId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 400 });
    t.stripe.refundIntent(intentId);
    const full = t.stripe.eventFor('charge.refunded', intentId);
    await t.deliver(full);
    // The older, partial event arriving late changes nothing.
    const { amount_cents: amount } = await orderOf(intentId);
    await t.deliver(
      t.stripe.eventFor('charge.refunded', intentId).replace(`"amount_refunded":${amount}`, '"amount_refunded":400'),
    );
    await t.deliver(full);
    expect(await orderOf(intentId)).toMatchObject({ status: 'refunded', refunded_cents: amount });
    expect(await refundsMailed()).toBe(2);
  });

  it('keeps an order disputed when the dispute is reported before the payment, and refunded when won after a full refund', async () => {
    const { paymentIntentId } = await t.startPayment();
    t.stripe.succeedIntent(paymentIntentId);
    await t.deliver(t.stripe.eventFor('charge.dispute.created', paymentIntentId));
    await t.deliver(t.stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    const early = await orderOf(paymentIntentId);
    expect(early.status).toBe('disputed');
    expect(early.paid_at).not.toBeNull();
    t.stripe.refundIntent(paymentIntentId);
    await t.deliver(t.stripe.eventFor('charge.refunded', paymentIntentId));
    expect((await orderOf(paymentIntentId)).status).toBe('disputed');
    await t.deliver(t.stripe.eventFor('charge.dispute.closed', paymentIntentId, 'won'));
    expect((await orderOf(paymentIntentId)).status).toBe('refunded');
  });

  it('applies a refund that arrives before the payment once the payment arrives', async () => {
    const { paymentIntentId } = await t.startPayment();
    t.stripe.succeedIntent(paymentIntentId);
    t.stripe.refundIntent(paymentIntentId);
    await t.deliver(t.stripe.eventFor('charge.refunded', paymentIntentId));
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    await t.deliver(t.stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    await t.deliver(t.stripe.eventFor('charge.refunded', paymentIntentId));
    const order = await orderOf(paymentIntentId);
    expect(order).toMatchObject({ status: 'refunded', refunded_cents: order.amount_cents });
    // The customer is told of the payment and then of the refund, once each, however the events came.
    const { order_number: orderNumber } = await orderOf(paymentIntentId);
    const queued = await t.db
      .selectFrom('mail_queue')
      .select(['kind', 'idempotency_key'])
      .where('ref', '=', orderNumber)
      .orderBy('id')
      .execute();
    expect(queued).toEqual([
      { kind: 'receipt', idempotency_key: `receipt:${orderNumber}` },
      { kind: 'refund', idempotency_key: `refund:${orderNumber}:${order.amount_cents}` },
    ]);
  });

  it('pauses the downloads of a disputed order, and restores them when the dispute is won (or refunds when lost)', async () => {
    const won = await paidOrder();
    const opened = t.stripe.eventFor('charge.dispute.created', won);
    await t.deliver(opened);
    await t.deliver(opened);
    expect((await orderOf(won)).status).toBe('disputed');
    await t.deliver(t.stripe.eventFor('charge.dispute.closed', won, 'won'));
    expect((await orderOf(won)).status).toBe('paid');

    // An inquiry closed without a chargeback ('warning_closed') is no loss: the order stays paid.
    const inquiry = await paidOrder();
    await t.deliver(t.stripe.eventFor('charge.dispute.created', inquiry));
    await t.deliver(t.stripe.eventFor('charge.dispute.closed', inquiry, 'warning_closed'));
    expect((await orderOf(inquiry)).status).toBe('paid');

    const lost = await paidOrder();
    await t.deliver(t.stripe.eventFor('charge.dispute.created', lost));
    await t.deliver(t.stripe.eventFor('charge.dispute.closed', lost, 'lost'));
    const lostOrder = await orderOf(lost);
    expect(lostOrder).toMatchObject({ status: 'refunded', refunded_cents: lostOrder.amount_cents });
  });
});
