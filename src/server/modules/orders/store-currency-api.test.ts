import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadList } from '#shared/orders/downloads-schema.ts';
import type { OrderList } from '#shared/orders/checkout-schema.ts';
import type { AdminOrderDetail, AdminOrderList } from '#shared/orders/owner-orders-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { readOutbox, recipientOf, waitForMail } from '#test-support/outbox.ts';
import { restartedApp } from '#test-support/restarted-app.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

/** The owner's refund of an order, as the order page asks for it. */
const refundAs = (app: FastifyInstance, owner: string, orderNumber: string) => (payload: object) =>
  app.inject({ method: 'POST', url: `/api/admin/orders/${orderNumber}/refund`, payload, headers: { cookie: owner } });

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

    const refund = refundAs(t.app, owner, orderNumber);
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

// An order keeps the currency it was charged in: once the owner moves the store to euros (STORE_CURRENCY, then a
// restart), an order paid in dollars still reads in dollars for its buyer and the owner, in its receipt sent again,
// and in its refunds.
describe.each(TEST_ENGINES)('an order paid in dollars after the store moved to euros, on %s', (engine) => {
  let t: TestApp;
  let euros: FastifyInstance;
  let buyer: string;
  let owner: string;
  let orderNumber: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    const [id] = await insertTestArtworks(t.db, [{ title: 'Quiet Harbour', price: 12.5 }]);
    ({ orderNumber } = await buyWithTestCard(t, buyer, {
      items: [{ id: id!, quantity: 2 }],
      email: 'buyer@shop.test',
    }));
    await waitForMail(t.dataDir, 'buyer@shop.test', /receipt/i);
    euros = await restartedApp(t, { STORE_CURRENCY: 'eur' });
  });
  afterAll(async () => {
    await euros?.close();
    await t.close();
  });

  const get = (url: string, cookie: string) => euros.inject({ method: 'GET', url, headers: { cookie } });
  const receipts = async () =>
    (await readOutbox(t.dataDir)).filter(
      (mail) => recipientOf(mail) === 'buyer@shop.test' && /receipt/i.test(mail.subject ?? ''),
    );

  it('is in euros now, and the order still says dollars to its buyer and the owner', async () => {
    expect((await euros.inject({ method: 'GET', url: '/api/settings' })).json()).toMatchObject({ currency: 'eur' });

    const history = (await get('/api/orders/buyer@shop.test', buyer)).json<OrderList>();
    expect(history.orders).toEqual([expect.objectContaining({ orderNumber, currency: 'usd', amount: 2500 })]);
    const library = (await get('/api/downloads', buyer)).json<DownloadList>();
    expect(library.orders).toEqual([expect.objectContaining({ orderNumber, currency: 'usd', amount: 2500 })]);

    const list = (await get('/api/admin/orders', owner)).json<AdminOrderList>();
    expect(list.items).toEqual([expect.objectContaining({ orderNumber, currency: 'usd', amount: 2500 })]);
    const detail = (await get(`/api/admin/orders/${orderNumber}`, owner)).json<AdminOrderDetail>();
    expect(detail).toMatchObject({ orderNumber, currency: 'usd', amount: 2500, subtotal: 2500 });
  });

  it('sends its receipt again in dollars', async () => {
    const before = (await receipts()).length;
    const resent = await euros.inject({
      method: 'POST',
      url: `/api/orders/${orderNumber}/receipt`,
      headers: { cookie: buyer },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    await expect.poll(async () => (await receipts()).length).toBe(before + 1);
    const receipt = (await receipts()).at(-1)!;
    expect(receipt.text).toContain('$12.50 each');
    expect(receipt.text).toContain('Total: $25.00 (USD)');
    expect(receipt.html).toContain('$25.00');
    expect(receipt.text).not.toContain('€');
  });

  it('refunds it in dollars', async () => {
    const refund = refundAs(euros, owner, orderNumber);
    const tooMuch = await refund({ amount: 2501 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe('At most 25.00 USD is left to refund on this order.');
    expect((await refund({ amount: 550, requestId: crypto.randomUUID() })).statusCode).toBe(200);
    const refunded = await waitForMail(t.dataDir, 'buyer@shop.test', /^Refund for order/);
    expect(refunded.text).toContain('We have refunded $5.50 of your order');
  });
});
