import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

// STORE_CURRENCY: prices are entered, shown and charged in it. A store in euros says so to the pages, charges its
// orders in euros, and names euros in its receipts, refunds and refusals.
describe.each(TEST_ENGINES)('a store whose currency is the euro, on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let owner: string;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp(engine, { STORE_CURRENCY: 'eur' });
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    ids = await insertTestArtworks(t.db, [
      { title: 'Quiet Harbour', artist: 'Mara Lind', price: 12.5 },
      { title: 'Cheap Sketch', price: 0.2 },
    ]);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = buyer) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });

  it('tells the pages its currency', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(settings.json()).toMatchObject({ currency: 'eur' });
  });

  it('charges the order in euros and sends a receipt and a refund in euros', async () => {
    const { paymentIntentId, orderNumber } = await buyWithTestCard(t, buyer, {
      items: [{ id: ids[0]!, quantity: 2 }],
      email: 'buyer@shop.test',
    });
    const order = await t.db
      .selectFrom('orders')
      .select(['currency', 'amount_cents'])
      .where('payment_intent_id', '=', paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ currency: 'eur', amount_cents: 2500 });
    const intent = await t.db
      .selectFrom('test_payment_intents')
      .select('currency')
      .where('id', '=', paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(intent.currency).toBe('eur');

    const receipt = await waitForMail(
      t.dataDir,
      'buyer@shop.test',
      new RegExp(`receipt.*${paymentIntentId.slice(-8)}`),
    );
    expect(receipt.text).toContain('€12.50 each');
    expect(receipt.text).toContain('Total: €25.00 (EUR)');
    expect(receipt.html).toContain('€25.00');
    expect(receipt.text).not.toContain('$');

    const refund = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderNumber}/refund`,
        payload,
        headers: { cookie: owner },
      });
    const tooMuch = await refund({ amount: 2501 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('At most 25.00 EUR is left to refund on this order.');
    expect((await refund({ amount: 550, requestId: crypto.randomUUID() })).statusCode).toBe(200);
    const refunded = await waitForMail(t.dataDir, 'buyer@shop.test', /^Refund for order/);
    expect(refunded.text).toContain('We have refunded €5.50 of your order');
  });

  it('names the smallest charge and a code’s minimum subtotal in euros', async () => {
    const cheap = await post('/api/create-payment-intent', {
      items: [{ id: ids[1], quantity: 1 }],
      email: 'buyer@shop.test',
    });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().error).toBe('The order total must be at least €0.50.');

    const created = await post(
      '/api/admin/discounts',
      { kind: 'code', code: 'BIGSPEND', percentOff: 10, minSubtotal: 100 },
      owner,
    );
    expect(created.statusCode, created.body).toBe(201);
    const quote = await post('/api/cart/quote', { items: [{ id: ids[0], quantity: 1 }], code: 'BIGSPEND' });
    expect(JSON.stringify(quote.json())).toContain('This code needs a subtotal of €100.00.');

    const refused = await post('/api/admin/discounts', { kind: 'code', code: 'NEGATIVE', amountOff: -1 }, owner);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(
      'The amount off is an amount in euros above €0, with at most two decimals.',
    );
  });
});

describe('a store whose currency is the pound', () => {
  let t: TestApp;
  let buyer: string;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp('sqlite', { STORE_CURRENCY: 'gbp' });
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    ids = await insertTestArtworks(t.db, [
      { title: 'Pence', price: 0.3 },
      { title: 'Fewer Pence', price: 0.29 },
    ]);
  });
  afterAll(() => t.close());

  it("charges from Stripe's smallest charge in pounds, 30 pence", async () => {
    const create = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { items: [{ id, quantity: 1 }], email: 'buyer@shop.test' },
        headers: { cookie: buyer },
      });
    const enough = await create(ids[0]!);
    expect(enough.statusCode, enough.body).toBe(200);
    expect(enough.json()).toMatchObject({ amount: 30, currency: 'gbp' });
    const tooLittle = await create(ids[1]!);
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().error).toBe('The order total must be at least £0.30.');
  });
});
