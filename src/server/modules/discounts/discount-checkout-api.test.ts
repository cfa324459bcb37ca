import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import { CODE_MESSAGES } from '#shared/discounts/discounts.ts';
import { countPaidUses } from './repository';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { signedInCookie, signedInCustomers } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { waitForMail } from '#test-support/outbox.ts';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123', name: 'Ada' };
const THREE_D_SECURE = { ...CARD, number: '4000002500003155' };
const BILLING = { postalCode: '12345', country: 'US' };

// Discount codes through the checkout, with the database deciding: the price, the limits under concurrency, the
// use counted once whatever is confirmed twice, and the refund of what was paid.
describe.each(TEST_ENGINES)('discount codes at checkout on %s', (engine) => {
  let t: TestApp;
  let harbour: number;
  let moon: number;
  let botanical: number;
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [harbour, moon, botanical] = (await insertTestArtworks(t.db, [
      { title: 'Quiet Harbour', price: 12.5, category: 'abstract' },
      { title: 'Paper Moon', price: 7.25, category: 'abstract' },
      { title: 'Fern Study', price: 9.99, category: 'botanical' },
    ])) as [number, number, number];
  });
  afterAll(() => t.close());

  const newBuyer = async () => {
    buyers += 1;
    const email = `buyer${buyers}@shop.test`;
    return { email, cookie: await signedInCookie(t.app, t.db, email, 'customer') };
  };
  const quote = async (payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/cart/quote', payload, ...(cookie ? { headers: { cookie } } : {}) });
  const intent = async (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload, headers: { cookie } });
  const uses = async (id: number) => countPaidUses(t.db, id);

  it('quotes a code for a signed-out visitor, spread over the lines to the cent, and says why another does not apply', async () => {
    await insertTestDiscount(t.db, { code: 'SPRING', percent_off: 15 });
    await insertTestDiscount(t.db, {
      code: 'BOTANIC',
      percent_off: 50,
      scope: 'categories',
      scope_categories: '["botanical"]',
    });
    await insertTestDiscount(t.db, {
      code: 'OLD',
      percent_off: 10,
      ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await insertTestDiscount(t.db, { code: 'BIG', percent_off: null, amount_off_cents: 500, min_subtotal_cents: 5000 });
    const items = [
      { id: harbour, quantity: 2 },
      { id: moon, quantity: 1 },
    ];
    const answer = await quote({ items, code: ' spring ' });
    expect(answer.statusCode).toBe(200);
    const priced = answer.json<CartQuote>();
    // 3225 × 15 % = 483.75 → 484, spread 2500 : 725 → 375.19 : 108.81 → 375 + 109.
    expect(priced).toMatchObject({
      subtotal: 3225,
      discount: 484,
      total: 2741,
      code: { code: 'SPRING', applied: true, message: null },
      discounts: [{ label: 'SPRING', amount: 484, kind: 'code' }],
    });
    expect(priced.items.map((line) => [line.discount, line.amount])).toEqual([
      [375, 2125],
      [109, 616],
    ]);

    const why = async (code: string) => (await quote({ items, code })).json<CartQuote>().code?.message;
    expect(await why('BOTANIC')).toBe(CODE_MESSAGES.notInScope);
    expect(await why('OLD')).toBe(CODE_MESSAGES.expired);
    expect(await why('BIG')).toBe('This code needs a subtotal of $50.00.');
    expect(await why('MADE-UP')).toBe('This code is not valid.');
    expect(await why('not a code!')).toBe('This code is not valid.');
  });

  it('prices a licence line at its licence price and spreads a code over both licences of one artwork', async () => {
    const [poster] = (await insertTestArtworks(t.db, [
      { title: 'Two Licences', price: 5, commercialPrice: 20, category: 'abstract' },
    ])) as [number];
    await insertTestDiscount(t.db, { code: 'LICENCE10', percent_off: null, amount_off_cents: 333 });
    const answer = await quote({
      items: [
        { id: poster, quantity: 1, licence: 'personal' },
        { id: poster, quantity: 1, licence: 'commercial' },
      ],
      code: 'LICENCE10',
    });
    const priced = answer.json<CartQuote>();
    // 333 spread 500 : 2000 → 66.6 : 266.4 → 67 + 266.
    expect(priced.items.map((line) => [line.licence, line.unitAmount, line.discount, line.amount])).toEqual([
      ['personal', 500, 67, 433],
      ['commercial', 2000, 266, 1734],
    ]);
    expect(priced).toMatchObject({ subtotal: 2500, discount: 333, total: 2167 });
  });

  it('charges what the database says, whatever prices or discount the browser sends, and counts the use once paid', async () => {
    const id = await insertTestDiscount(t.db, { code: 'WELCOME', percent_off: 10 });
    const buyer = await newBuyer();
    const paid = await buyWithTestCard(t, buyer.cookie, {
      items: [{ id: botanical, quantity: 1, price: 0.01, discount: 999 } as { id: number; quantity: number }],
      email: buyer.email,
      code: 'welcome',
    });
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', paid.orderId).executeTakeFirstOrThrow();
    // 999 × 10 % = 99.9 → 100.
    expect(order).toMatchObject({
      subtotal_cents: 999,
      discount_cents: 100,
      amount_cents: 899,
      discount_id: id,
      discount_label: 'WELCOME',
    });
    const line = await t.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', paid.orderId)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      list_unit_price_cents: 999,
      unit_price_cents: 999,
      discount_cents: 100,
      line_total_cents: 899,
    });
    expect(await uses(id)).toBe(1);
    const receipt = await waitForMail(t.dataDir, buyer.email, /receipt/i);
    expect(receipt.text).toContain('Subtotal: $9.99\nDiscount (WELCOME): −$1.00\nTotal: $8.99');
    expect(receipt.html).toContain('−$1.00');
  });

  it('gives the last use of a code to exactly one of 20 buyers paying at once; the others are told before they pay', async () => {
    const id = await insertTestDiscount(t.db, { code: 'LASTONE', percent_off: 20, max_uses: 1 });
    // Sessions made in the database: twenty sign-ins would spend the test's time hashing passwords.
    const emails = Array.from({ length: 20 }, (_, index) => `crowd${index}-${engine}@shop.test`);
    const cookies = await signedInCustomers(t, emails);
    const crowd = emails.map((email, index) => ({ email, cookie: cookies[index]! }));
    const answers = await Promise.all(
      crowd.map((buyer) =>
        intent(buyer.cookie, { items: [{ id: harbour, quantity: 1 }], email: buyer.email, code: 'LASTONE' }),
      ),
    );
    const won = answers.filter((answer) => answer.statusCode === 200);
    const lost = answers.filter((answer) => answer.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const answer of lost) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().details).toEqual({ code: [CODE_MESSAGES.usedUp] });
    }
    expect(won[0]!.json()).toMatchObject({ amount: 1000, discount: 250, discountLabel: 'LASTONE' });
    // The losers' orders are cancelled: nothing at the discounted price can be paid.
    const open = await t.db
      .selectFrom('orders')
      .select(['status'])
      .where('discount_id', '=', id)
      .where('status', 'in', ['pending', 'failed'])
      .execute();
    expect(open).toHaveLength(1);

    const winner = crowd[answers.indexOf(won[0]!)]!;
    await buyWithTestCard(t, winner.cookie, {
      items: [{ id: harbour, quantity: 1 }],
      email: winner.email,
      code: 'LASTONE',
    });
    expect(await uses(id)).toBe(1);
    const late = await newBuyer();
    const after = await intent(late.cookie, {
      items: [{ id: harbour, quantity: 1 }],
      email: late.email,
      code: 'LASTONE',
    });
    expect(after.json().details).toEqual({ code: [CODE_MESSAGES.usedUp] });
    expect(
      (await quote({ items: [{ id: harbour, quantity: 1 }], code: 'LASTONE' })).json<CartQuote>().code?.message,
    ).toBe(CODE_MESSAGES.usedUp);
  });

  it('spends one use through a 3-D Secure step and repeated confirmations', async () => {
    const id = await insertTestDiscount(t.db, { code: 'SECURE', percent_off: 10, max_uses: 2 });
    const buyer = await newBuyer();
    const cart = { items: [{ id: moon, quantity: 1 }], email: buyer.email, code: 'SECURE' };
    const created = (await intent(buyer.cookie, cart)).json<{ clientSecret: string; paymentIntentId: string }>();
    // Asked again (another tab, a reload): the same order, still one held use.
    expect((await intent(buyer.cookie, cart)).json<{ paymentIntentId: string }>().paymentIntentId).toBe(
      created.paymentIntentId,
    );
    const headers = { cookie: buyer.cookie };
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: { clientSecret: created.clientSecret, card: THREE_D_SECURE, billing: BILLING },
      headers,
    });
    expect(step.json()).toMatchObject({ status: 'requires_action' });
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/authenticate',
      payload: { clientSecret: created.clientSecret, approve: true },
      headers,
    });
    for (let confirmation = 0; confirmation < 3; confirmation++) {
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/orders/confirm',
        payload: { paymentIntentId: created.paymentIntentId },
        headers,
      });
      expect(confirmed.json()).toMatchObject({ status: 'paid', amount: 652, discount: 73 });
    }
    expect(await uses(id)).toBe(1);
    const holds = await t.db.selectFrom('discount_reservations').selectAll().where('discount_id', '=', id).execute();
    expect(holds.map((hold) => hold.status)).toEqual(['used']);
  });

  it('gives a held use back after 30 minutes unpaid, and once per customer is per account', async () => {
    const id = await insertTestDiscount(t.db, { code: 'ONCE', percent_off: 10, max_uses: 1, once_per_customer: 1 });
    const first = await newBuyer();
    const second = await newBuyer();
    const cart = (email: string) => ({ items: [{ id: moon, quantity: 1 }], email, code: 'ONCE' });
    const firstIntent = await intent(first.cookie, cart(first.email));
    expect(firstIntent.statusCode, firstIntent.body).toBe(200);
    expect((await intent(second.cookie, cart(second.email))).json().details).toEqual({ code: [CODE_MESSAGES.usedUp] });
    // Half an hour later, unpaid: the hold has lapsed.
    await t.db
      .updateTable('discount_reservations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('discount_id', '=', id)
      .execute();
    await buyWithTestCard(t, second.cookie, cart(second.email));
    expect(await uses(id)).toBe(1);
    await t.db.updateTable('discounts').set({ max_uses: null }).where('id', '=', id).execute();
    const again = await intent(second.cookie, { ...cart(second.email), items: [{ id: harbour, quantity: 1 }] });
    expect(again.json().details).toEqual({ code: [CODE_MESSAGES.alreadyUsed] });
  });

  it('refunds what was paid after a discount', async () => {
    await insertTestDiscount(t.db, { code: 'HALF', percent_off: 50 });
    const owner = await signedInCookie(t.app, t.db, `owner-${engine}@shop.test`, 'admin');
    const buyer = await newBuyer();
    const paid = await buyWithTestCard(t, buyer.cookie, {
      items: [{ id: harbour, quantity: 1 }],
      email: buyer.email,
      code: 'HALF',
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${paid.orderNumber}`,
      headers: { cookie: owner },
    });
    expect(detail.json()).toMatchObject({ subtotal: 1250, discount: 625, discountLabel: 'HALF', amount: 625 });
    expect(detail.json().items).toEqual([expect.objectContaining({ unitAmount: 1250, discount: 625, amount: 625 })]);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderNumber}/refund`,
      payload: { requestId: crypto.randomUUID() },
      headers: { cookie: owner },
    });
    expect(refund.statusCode).toBe(200);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', paid.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ amount_cents: 625, refunded_cents: 625, status: 'refunded' });
    const sales = await t.app.inject({ method: 'GET', url: '/api/admin/sales', headers: { cookie: owner } });
    // Every discounted order this suite paid: WELCOME 100, SECURE 73, ONCE 73, LASTONE 250, HALF 625.
    expect(sales.json().discounts).toEqual({ last30Days: 1121, allTime: 1121 });
  });
});
