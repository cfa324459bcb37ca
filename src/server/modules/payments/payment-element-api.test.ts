import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { readOutbox, recipientOf, waitForMail } from '#test-support/outbox.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { startStripeCheckout, type StripeCheckout } from '#test-support/stripe-checkout.ts';
import type { TokenSpec } from '#test-support/stripe-protocol-server.ts';
import { quietOrderDeps } from '#test-support/tax-orders.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import type { TestApp } from '#test-support/test-app.ts';
import { lapseCodeHolds } from '../orders';

// The Payment Element's flow against the loopback Stripe API, on both engines: the page makes a ConfirmationToken,
// the server taxes the order by it, confirms the intent with it and records how it was paid; payments that finish
// later (a bank's redirect, a debit settling) end in the order's lifecycle once, whoever tells first and however often.

const orderDepsOf = (t: Pick<TestApp, 'db' | 'config'>) => quietOrderDeps(t.db, t.config);

describe.each(TEST_ENGINES)('wallets and local methods through the Payment Element on %s', (engine) => {
  let t: StripeCheckout;
  let buyers = 0;
  let quantity = 0;

  beforeAll(async () => {
    t = await startStripeCheckout(engine, { env: { PAYMENT_METHODS: 'automatic' } });
  });
  afterAll(() => t.close());

  const newBuyer = () => signedInCookie(t.app, t.db, `element${++buyers}@shop.test`, 'customer');
  const checkout = async (cookie: string, code?: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: t.artworkId, quantity: ++quantity }], email: 'x@shop.test', ...(code ? { code } : {}) },
      headers: { cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ paymentIntentId: string; amount: number }>();
  };
  const confirm = async (cookie: string, paymentIntentId: string, token: TokenSpec) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/confirm-payment',
      payload: { paymentIntentId, confirmationId: t.stripe.createConfirmationToken(token) },
      headers: { cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{
      outcome: string;
      redirectUrl: string | null;
      message: string | null;
      order: { status: string; paymentMethod: string | null; paymentProcessing: boolean } | null;
    }>();
  };
  const confirmOrder = (cookie: string, paymentIntentId: string) =>
    t.app.inject({ method: 'POST', url: '/api/orders/confirm', payload: { paymentIntentId }, headers: { cookie } });
  const orderOf = (intentId: string) =>
    t.db.selectFrom('orders').selectAll().where('payment_intent_id', '=', intentId).executeTakeFirstOrThrow();
  const historyOf = async (intentId: string) =>
    (
      await t.db
        .selectFrom('order_history')
        .select(['status', 'note'])
        .where('order_id', '=', (await orderOf(intentId)).id)
        .orderBy('id')
        .execute()
    ).map((row) => row.note);
  const holdOf = async (intentId: string) =>
    t.db
      .selectFrom('discount_reservations')
      .selectAll()
      .where('order_id', '=', (await orderOf(intentId)).id)
      .executeTakeFirstOrThrow();
  const lapseHold = async (intentId: string) =>
    t.db
      .updateTable('discount_reservations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('order_id', '=', (await orderOf(intentId)).id)
      .execute();
  /** The e-mails queued about the order (its receipt), by its number in their text. */
  const receiptsOf = async (intentId: string) => {
    const { customer_email } = await orderOf(intentId);
    return (await readOutbox(t.dataDir))
      .filter((mail) => recipientOf(mail) === customer_email && mail.subject?.includes(intentId.slice(-8)))
      .map((mail) => mail.text || '');
  };
  const waitForReceipt = async (intentId: string) =>
    waitForMail(t.dataDir, (await orderOf(intentId)).customer_email, new RegExp(intentId.slice(-8)));
  const event = (type: string, intentId: string) => t.deliver(t.stripe.eventFor(type, intentId));

  it('tells the page to show every method, and makes intents with automatic payment methods', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toMatchObject({ provider: 'stripe', methods: 'automatic' });
    const { paymentIntentId } = await checkout(await newBuyer());
    const stored = t.stripe.intents.get(paymentIntentId);
    expect(stored?.automatic_payment_methods).toEqual({ enabled: true });
    expect(stored?.allowed_payment_method_types).toBeNull();
  });

  it('admits what the Payment Element, Link and the wallets load in its content security policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/checkout' });
    const policy = Object.fromEntries(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    ) as Record<string, string[]>;
    expect(policy['script-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://pay.google.com']));
    expect(policy['frame-src']).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://m.stripe.network']),
    );
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining([
        'https://api.stripe.com',
        'https://merchant-ui-api.stripe.com',
        'https://pay.google.com',
      ]),
    );
    // Still nothing inline but the built scripts, and no frame of anyone else.
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('pays with Apple Pay on the server and names it on the order, the buyer’s view and the receipt', async () => {
    const buyer = await newBuyer();
    const { paymentIntentId } = await checkout(buyer);
    const answer = await confirm(buyer, paymentIntentId, { card: { wallet: 'apple_pay' }, billingCountry: 'US' });
    expect(answer).toMatchObject({
      outcome: 'paid',
      order: { status: 'paid', paymentMethod: 'Apple Pay (Visa ••4242)' },
    });
    expect(await orderOf(paymentIntentId)).toMatchObject({
      status: 'paid',
      payment_method_type: 'card',
      payment_method_label: 'Apple Pay (Visa ••4242)',
      card_last4: '4242',
    });
    const receipt = await waitForReceipt(paymentIntentId);
    expect(receipt.text).toContain('Paid with: Apple Pay (Visa ••4242)');
  });

  it('names Link as Link', async () => {
    const buyer = await newBuyer();
    const { paymentIntentId } = await checkout(buyer);
    const answer = await confirm(buyer, paymentIntentId, { type: 'link', billingCountry: 'US' });
    expect(answer.order?.paymentMethod).toBe('Link');
  });

  it('sends an iDEAL payment to its bank, then settles it by webhook exactly once, racing the page', async () => {
    const buyer = await newBuyer();
    const { paymentIntentId } = await checkout(buyer);
    const answer = await confirm(buyer, paymentIntentId, { type: 'ideal', bank: 'ing', billingCountry: 'NL' });
    expect(answer.outcome).toBe('action');
    expect(answer.redirectUrl).toMatch(new RegExp(`/redirect/${paymentIntentId}$`));
    expect(t.stripe.intents.get(paymentIntentId)?.next_action?.redirect_to_url.return_url).toBe(
      `${t.config.publicUrl}/checkout/return`,
    );
    expect(await orderOf(paymentIntentId)).toMatchObject({
      status: 'pending',
      payment_method_type: 'ideal',
      payment_method_label: 'iDEAL (ING)',
      payment_method_country: 'NL',
      billing_country: 'NL',
      card_country: null,
    });

    // Back from the bank, the payment settles later: the webhook (twice) and the return page tell it at once.
    t.stripe.finishRedirect(paymentIntentId, 'processing');
    const processing = t.stripe.eventFor('payment_intent.processing', paymentIntentId);
    const [first, again, page] = await Promise.all([
      t.deliver(processing),
      t.deliver(processing),
      confirmOrder(buyer, paymentIntentId),
    ]);
    expect([first.statusCode, again.statusCode, page.statusCode]).toEqual([200, 200, 200]);
    expect(page.json()).toMatchObject({ status: 'pending', paymentProcessing: true, paymentMethod: 'iDEAL (ING)' });
    expect((await orderOf(paymentIntentId)).payment_processing_at).not.toBeNull();
    expect((await historyOf(paymentIntentId)).filter((note) => note.startsWith('Payment processing'))).toHaveLength(1);

    t.stripe.settleIntent(paymentIntentId, 'succeeded');
    const succeeded = t.stripe.eventFor('payment_intent.succeeded', paymentIntentId);
    const results = await Promise.all([
      t.deliver(succeeded),
      t.deliver(succeeded),
      confirmOrder(buyer, paymentIntentId),
    ]);
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);
    const paid = await orderOf(paymentIntentId);
    expect(paid).toMatchObject({ status: 'paid', payment_processing_at: null, payment_method_label: 'iDEAL (ING)' });
    expect((await historyOf(paymentIntentId)).filter((note) => note.startsWith('Payment succeeded'))).toHaveLength(1);
    await waitForReceipt(paymentIntentId);
    expect(await receiptsOf(paymentIntentId)).toHaveLength(1);
    // A late processing event changes nothing once it is paid.
    expect((await event('payment_intent.processing', paymentIntentId)).statusCode).toBe(200);
    expect((await orderOf(paymentIntentId)).status).toBe('paid');
  });

  it('leaves a declined redirect payment unpaid, keeps its code held, and lets the sweep release it later', async () => {
    await insertTestDiscount(t.db, { code: `BANK${engine.toUpperCase()}`, percent_off: 10, max_uses: 5 });
    const buyer = await newBuyer();
    const { paymentIntentId } = await checkout(buyer, `BANK${engine.toUpperCase()}`);
    expect(
      (await confirm(buyer, paymentIntentId, { type: 'ideal', bank: 'rabobank', billingCountry: 'NL' })).outcome,
    ).toBe('action');
    // While the buyer is at the bank, a lapsed hold is extended, not released.
    await lapseHold(paymentIntentId);
    expect(await lapseCodeHolds(orderDepsOf(t), new Date())).toMatchObject({ extended: 1 });
    expect((await holdOf(paymentIntentId)).status).toBe('held');

    t.stripe.finishRedirect(paymentIntentId, 'failed');
    expect((await event('payment_intent.payment_failed', paymentIntentId)).statusCode).toBe(200);
    const failed = await orderOf(paymentIntentId);
    expect(failed).toMatchObject({ status: 'failed', paid_at: null });
    // The buyer may pay again: the hold stays theirs until it lapses unpaid.
    expect((await holdOf(paymentIntentId)).status).toBe('held');
    const page = await confirmOrder(buyer, paymentIntentId);
    expect(page.statusCode).toBe(409);
    expect(page.json<{ error: string }>().error).toMatch(/declined/);

    await lapseHold(paymentIntentId);
    expect(await lapseCodeHolds(orderDepsOf(t), new Date())).toMatchObject({ released: 1 });
    expect((await holdOf(paymentIntentId)).status).toBe('released');
    expect((await orderOf(paymentIntentId)).status).toBe('canceled');
  });

  it('keeps a code held while a debit is processing, and pays again after a failure', async () => {
    await insertTestDiscount(t.db, { code: `DEBIT${engine.toUpperCase()}`, percent_off: 10, max_uses: 5 });
    const buyer = await newBuyer();
    const { paymentIntentId } = await checkout(buyer, `DEBIT${engine.toUpperCase()}`);
    const answer = await confirm(buyer, paymentIntentId, {
      type: 'sepa_debit',
      ibanCountry: 'DE',
      billingCountry: 'DE',
    });
    expect(answer).toMatchObject({ outcome: 'processing', order: { status: 'pending', paymentProcessing: true } });
    expect((await orderOf(paymentIntentId)).payment_method_label).toBe('SEPA Direct Debit ••3000');

    await lapseHold(paymentIntentId);
    expect(await lapseCodeHolds(orderDepsOf(t), new Date())).toMatchObject({ extended: 1, released: 0 });
    const hold = await holdOf(paymentIntentId);
    expect(hold.status).toBe('held');
    expect(new Date(hold.expires_at).getTime()).toBeGreaterThan(Date.now());

    t.stripe.settleIntent(paymentIntentId, 'failed');
    expect((await event('payment_intent.payment_failed', paymentIntentId)).statusCode).toBe(200);
    expect(await orderOf(paymentIntentId)).toMatchObject({ status: 'failed', payment_processing_at: null });
    // Paying again on the same order, by card this time.
    const again = await confirm(buyer, paymentIntentId, { billingCountry: 'DE', card: { number: '4000002760000016' } });
    expect(again).toMatchObject({ outcome: 'paid', order: { paymentMethod: 'Visa ••0016' } });
    expect((await holdOf(paymentIntentId)).status).not.toBe('held');
  });

  it('answers a confirmation the provider refuses with 400 naming the field, charging nothing', async () => {
    const buyer = await newBuyer();
    const { paymentIntentId } = await checkout(buyer);
    const token = t.stripe.createConfirmationToken({ card: { number: '4242424242424242' } });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/confirm-payment',
      payload: { paymentIntentId, confirmationId: token },
      headers: { cookie: buyer },
    });
    expect(first.json()).toMatchObject({ outcome: 'paid' });
    // The same order cannot be paid twice: 409, and no second charge.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/confirm-payment',
      payload: { paymentIntentId, confirmationId: t.stripe.createConfirmationToken() },
      headers: { cookie: buyer },
    });
    expect(again.statusCode).toBe(409);
    expect([...t.stripe.charges.values()].filter((charge) => charge.payment_intent === paymentIntentId)).toHaveLength(
      1,
    );
  });

  it('answers a confirmation it cannot read with 400 naming the field', async () => {
    const buyer = await newBuyer();
    const { paymentIntentId } = await checkout(buyer);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/confirm-payment',
      payload: { paymentIntentId, confirmationId: 'ctoken_nothere' },
      headers: { cookie: buyer },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ details: { confirmationId: [expect.any(String)] } });
  });
});
