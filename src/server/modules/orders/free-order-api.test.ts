import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_ORDER_MESSAGES } from '#shared/orders/free-order.ts';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { signedInCookie, signedInCustomers } from '#test-support/owner-session.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// Free orders (decision 0055): a cart the server prices at $0.00 is completed without a card, through the same
// lifecycle as a payment, once, with its receipt and without an invoice.

describe.each(TEST_ENGINES)('free orders on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let artworkId: number;
  let buyers = 0;
  let ips = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, `owner-${engine}@shop.test`, 'admin');
    [artworkId = 0] = await insertTestArtworks(t.db, [{ title: 'Quiet Harbour', artist: 'Mara Lind', price: 12.5 }]);
  });
  afterAll(() => t.close());

  const newBuyers = async (count: number) => {
    const emails = Array.from({ length: count }, () => `free${++buyers}@shop.test`);
    const cookies = await signedInCustomers(t, emails);
    return emails.map((email, index) => ({ email, cookie: cookies[index]! }));
  };
  type Buyer = { email: string; cookie: string };
  const newBuyer = async () => (await newBuyers(1))[0]!;
  /** Each request from an address of its own unless told: the rate limit is tested on its own. */
  const freeOrder = (
    cookie: string,
    body: { code?: string; quantity?: number },
    ip = `10.9.${ips >> 8}.${ips++ & 255}`,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/free',
      remoteAddress: ip,
      headers: { cookie },
      payload: {
        items: [{ id: artworkId, quantity: body.quantity ?? 1, licence: 'personal' }],
        email: 'ignored@shop.test',
        firstName: 'Ada',
        lastName: 'Buyer',
        ...(body.code ? { code: body.code } : {}),
      },
    });
  const ordersOf = (email: string) =>
    t.db.selectFrom('orders').selectAll().where('customer_email', '=', email).orderBy('id').execute();

  it('completes a 100 % code order without a payment intent, once however often it is asked', async () => {
    await insertTestDiscount(t.db, { code: 'ALLFREE', percent_off: 100 });
    const buyer = await newBuyer();

    const first = await freeOrder(buyer.cookie, { code: 'ALLFREE' });
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json<OrderSummary>();
    expect(order).toMatchObject({ status: 'paid', amount: 0, paymentIntentId: null, cardBrand: null, documents: [] });
    expect(order.paidAt).not.toBeNull();
    expect(order.items).toHaveLength(1);

    const again = await freeOrder(buyer.cookie, { code: 'ALLFREE' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<OrderSummary>().orderNumber).toBe(order.orderNumber);

    const rows = await ordersOf(buyer.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'free', payment_intent_id: null, status: 'paid', amount_cents: 0 });
    const history = await t.db.selectFrom('order_history').select('note').where('order_id', '=', rows[0]!.id).execute();
    expect(history.map((h) => h.note)).toEqual(['Free order completed: no payment taken']);

    // The receipt is queued once, says no payment was taken, and names no invoice: a free order has none.
    const receipts = await t.db
      .selectFrom('mail_queue')
      .select('id')
      .where('kind', '=', 'receipt')
      .where('ref', '=', order.orderNumber)
      .execute();
    expect(receipts).toHaveLength(1);
    const receipt = await waitForMail(t.dataDir, buyer.email, new RegExp(`receipt for order #${order.orderNumber}`));
    expect(receipt.text).toContain(FREE_ORDER_MESSAGES.noPaymentTaken);
    expect(receipt.text).toContain('/downloads');
    expect(receipt.text).not.toMatch(/Paid with|Invoice/);
    expect(receipt.html).toContain(FREE_ORDER_MESSAGES.noPaymentTaken);
    const documents = await t.db.selectFrom('tax_documents').select('id').where('order_id', '=', rows[0]!.id).execute();
    expect(documents).toHaveLength(0);

    // The downloads are the buyer's, as after a payment.
    const downloads = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie: buyer.cookie } });
    expect(downloads.statusCode, downloads.body).toBe(200);
    expect(downloads.body).toContain(order.orderNumber);

    // The owner cannot refund it, and is told why.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.orderNumber}/refund`,
      headers: { cookie: owner },
      payload: {},
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json<{ error: string }>().error).toBe(FREE_ORDER_MESSAGES.cannotRefund);
  });

  it('completes an amount-off code that covers the cart', async () => {
    await insertTestDiscount(t.db, { code: 'COVERED', percent_off: null, amount_off_cents: 5000 });
    const buyer = await newBuyer();
    const answer = await freeOrder(buyer.cookie, { code: 'COVERED' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<OrderSummary>()).toMatchObject({ status: 'paid', amount: 0, discount: 1250 });
  });

  it('refuses a cart that costs something, naming its total, and makes no order', async () => {
    await insertTestDiscount(t.db, { code: 'HALF', percent_off: 50 });
    const buyer = await newBuyer();
    for (const code of [undefined, 'HALF']) {
      const answer = await freeOrder(buyer.cookie, code ? { code } : {});
      expect(answer.statusCode, answer.body).toBe(400);
      const { error, details } = answer.json<{ error: string; details: { items: string[] } }>();
      expect(error).toBe(FREE_ORDER_MESSAGES.notFree(code ? 625 : 1250, 'usd'));
      expect(details.items).toEqual([error]);
    }
    expect(await ordersOf(buyer.email)).toHaveLength(0);
  });

  it('gives a 100 % code limited to 5 uses to exactly 5 of 20 buyers at once', async () => {
    const discountId = await insertTestDiscount(t.db, { code: 'FIVEFREE', percent_off: 100, max_uses: 5 });
    const buyers20 = await newBuyers(20);
    const answers = await Promise.all(buyers20.map((buyer) => freeOrder(buyer.cookie, { code: 'FIVEFREE' })));

    const paid = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(paid).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ details: { code: string[] } }>().details.code[0]).toMatch(/code/i);
    }
    const orders = await t.db.selectFrom('orders').select('status').where('discount_id', '=', discountId).execute();
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(5);
    expect(orders.filter((o) => o.status !== 'paid' && o.status !== 'canceled')).toHaveLength(0);
    const overspends = await t.db
      .selectFrom('discount_overspends')
      .select('order_id')
      .where('discount_id', '=', discountId)
      .execute();
    expect(overspends).toHaveLength(0);
  });

  it('answers 429 with Retry-After past 10 free orders a minute from one address, and from one account', async () => {
    await insertTestDiscount(t.db, { code: 'MANYFREE', percent_off: 100 });
    const [fromOneIp, fromManyIps] = (await newBuyers(2)) as [Buyer, Buyer];
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const answer = await freeOrder(fromOneIp.cookie, { code: 'MANYFREE', quantity: i }, '10.99.0.1');
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);

    // The same account from ever new addresses is counted too.
    const spread: number[] = [];
    for (let i = 1; i <= 11; i++)
      spread.push((await freeOrder(fromManyIps.cookie, { code: 'MANYFREE', quantity: i })).statusCode);
    expect(spread.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(spread[10]).toBe(429);
  });
});
