import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { readOutbox, recipientOf, waitForMail } from '#test-support/outbox.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

const CARD = { expMonth: 12, expYear: 34, cvc: '123', name: 'Ada Buyer' };
const BILLING = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

describe.each(TEST_ENGINES)('checkout and orders API on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let owner: string;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    other = await signedInCookie(t.app, t.db, 'other@shop.test', 'customer');
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    ids = await insertTestArtworks(t.db, [
      { title: 'Quiet Harbour', artist: 'Mara Lind', price: 12.5 },
      { title: 'Paper Moon', artist: 'Ida Roth', price: 7.25 },
      { title: 'Cheap Sketch', price: 0.2 },
    ]);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie = buyer) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  /** A fresh cart each time (quantities differ), so each test has an order of its own. */
  let nextQuantity = 1;
  async function startPayment(quantity = nextQuantity++, cookie = buyer) {
    const response = await post(
      '/api/create-payment-intent',
      {
        items: [
          { id: ids[0], title: 'Anything', price: 0.01, quantity },
          { id: ids[1], title: 'x', price: 0, quantity: 1 },
        ],
        email: 'buyer@shop.test',
        firstName: 'Ada',
        lastName: 'Buyer',
      },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      clientSecret: string;
      paymentIntentId: string;
      orderNumber: string;
      amount: number;
      items: Array<{ amount: number }>;
    }>();
  }
  const payWith = (
    clientSecret: string,
    number: string,
    card: Partial<typeof CARD> = {},
    billing: Partial<typeof BILLING> = {},
  ) =>
    post('/api/payments/test/confirm', {
      clientSecret,
      card: { ...CARD, ...card, number },
      billing: { ...BILLING, ...billing },
    });
  const orderStatus = async (paymentIntentId: string) =>
    (
      await t.db
        .selectFrom('orders')
        .select('status')
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst()
    )?.status;
  const receiptsFor = async (paymentIntentId: string) =>
    (await readOutbox(t.dataDir)).filter(
      (mail) => recipientOf(mail) === 'buyer@shop.test' && mail.subject?.includes(paymentIntentId.slice(-8)),
    ).length;

  it('prices the cart from the database whatever the body says, and asks a signed-out visitor to sign in', async () => {
    const answer = await startPayment(2);
    expect(answer.amount).toBe(2 * 1250 + 725);
    expect(answer.items).toEqual([
      {
        artworkId: ids[0],
        title: 'Quiet Harbour',
        artist: 'Mara Lind',
        listUnitAmount: 1250,
        unitAmount: 1250,
        quantity: 2,
        discount: 0,
        amount: 2500,
        licence: 'personal',
        licenceTermsVersion: 1,
        certificateNumber: null,
      },
      {
        artworkId: ids[1],
        title: 'Paper Moon',
        artist: 'Ida Roth',
        listUnitAmount: 725,
        unitAmount: 725,
        quantity: 1,
        discount: 0,
        amount: 725,
        licence: 'personal',
        licenceTermsVersion: 1,
        certificateNumber: null,
      },
    ]);
    expect(answer).toMatchObject({ subtotal: 3225, discount: 0, discountLabel: null, amount: 3225 });
    expect(answer.paymentIntentId).toMatch(/^pi_test_/);
    expect(answer.clientSecret).toContain(`${answer.paymentIntentId}_secret_`);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: ids[0], quantity: 1 }], email: 'x@y.z' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses an unknown artwork by name, an empty cart, a bad quantity and a total under $0.50', async () => {
    const unknown = await post('/api/create-payment-intent', {
      items: [
        { id: ids[0], quantity: 1 },
        { id: 999999, quantity: 1 },
      ],
      email: 'buyer@shop.test',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual({
      'items.1.id': ['Artwork 999999 is no longer available. Please remove it from your cart.'],
    });
    const empty = await post('/api/create-payment-intent', { items: [], email: 'buyer@shop.test' });
    expect(empty.json().details.items).toEqual(['Your cart is empty.']);
    const tooMany = await post('/api/create-payment-intent', {
      items: [{ id: ids[0], quantity: 100 }],
      email: 'buyer@shop.test',
    });
    expect(tooMany.json().details['items.0.quantity']).toEqual(['Each quantity must be between 1 and 99.']);
    const cheap = await post('/api/create-payment-intent', {
      items: [{ id: ids[2], quantity: 1 }],
      email: 'buyer@shop.test',
    });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().error).toBe('The order total must be at least $0.50.');
  });

  it('gives the same order and intent for the same cart asked twice, even at once', async () => {
    const [first, second] = await Promise.all([startPayment(40), startPayment(40)]);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(second.orderNumber).toBe(first.orderNumber);
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('payment_intent_id', '=', first.paymentIntentId)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('pays with 4242: the order is paid once, with one receipt, whichever of the event and the confirmation comes first', async () => {
    const { clientSecret, paymentIntentId } = await startPayment();
    const paid = await payWith(clientSecret, '4242 4242 4242 4242');
    expect(paid.json()).toEqual({ status: 'succeeded', paymentIntentId });
    // The provider's event is on its way while the page confirms, twice (a double click).
    const [a, b] = await Promise.all([
      post('/api/orders/confirm', { paymentIntentId }),
      post('/api/orders/confirm', { paymentIntentId }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toMatchObject({ status: 'paid', cardBrand: 'visa', cardLast4: '4242', paymentIntentId });
    const receipt = await waitForMail(t.dataDir, 'buyer@shop.test', new RegExp(paymentIntentId.slice(-8)));
    expect(receipt.text).toContain('Quiet Harbour');
    expect(receipt.text).toContain('Paid with: Visa ••4242');
    expect(receipt.text).toContain('/downloads');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await receiptsFor(paymentIntentId)).toBe(1);
    expect(await orderStatus(paymentIntentId)).toBe('paid');
    // Only brand and last four are kept: the full number and the security code are nowhere in the database.
    const stored = JSON.stringify([
      await t.db.selectFrom('test_payment_intents').selectAll().execute(),
      await t.db.selectFrom('orders').selectAll().execute(),
      await t.db.selectFrom('payment_events').selectAll().execute(),
    ]);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('4242 4242 4242 4242');
  });

  it("gives each test card Stripe's outcome, and leaves the order unpaid when refused", async () => {
    const cases: Array<[string, string, string]> = [
      ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
      ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
      ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
      ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
      [
        '4000 0000 0000 0119',
        'processing_error',
        'An error occurred while processing your card. Try again in a little bit.',
      ],
      ['4242 4242 4242 4241', 'incorrect_number', 'Your card number is incorrect.'],
    ];
    for (const [number, code, message] of cases) {
      const { clientSecret, paymentIntentId } = await startPayment();
      const answer = await payWith(clientSecret, number);
      expect(answer.json(), number).toMatchObject({ status: 'requires_payment_method', error: { code, message } });
      const confirm = await post('/api/orders/confirm', { paymentIntentId });
      expect(confirm.statusCode).toBe(409);
      expect(await orderStatus(paymentIntentId)).not.toBe('paid');
    }
    const { clientSecret } = await startPayment();
    expect((await payWith(clientSecret, '4242424242424242', { expYear: 20 })).json().error).toMatchObject({
      field: 'expiry',
    });
    expect((await payWith(clientSecret, '4242424242424242', { cvc: '' })).json().error).toMatchObject({ field: 'cvc' });
    expect((await payWith(clientSecret, '4242424242424242', {}, { postalCode: '' })).json().error).toMatchObject({
      field: 'postalCode',
    });
  });

  it('lets a refused card be followed by a good one on the same order, and never opens a second order for the cart', async () => {
    const { clientSecret, paymentIntentId } = await startPayment(60);
    await payWith(clientSecret, '4000000000000002');
    // The refusal reaches the order as the provider's event, a moment after the card's answer.
    await vi.waitFor(async () => expect(await orderStatus(paymentIntentId)).toBe('failed'), { timeout: 10_000 });
    // The same cart again (another tab, a reload): the same order and intent, so only one can ever be paid.
    expect((await startPayment(60)).paymentIntentId).toBe(paymentIntentId);
    expect((await payWith(clientSecret, '4242424242424242')).json().status).toBe('succeeded');
    expect((await post('/api/orders/confirm', { paymentIntentId })).json().status).toBe('paid');
  });

  it('asks for authentication: approved it pays, failed it is refused', async () => {
    const approved = await startPayment();
    expect((await payWith(approved.clientSecret, '4000 0025 0000 3155')).json().status).toBe('requires_action');
    expect((await post('/api/orders/confirm', { paymentIntentId: approved.paymentIntentId })).statusCode).toBe(409);
    const ok = await post('/api/payments/test/authenticate', { clientSecret: approved.clientSecret, approve: true });
    expect(ok.json().status).toBe('succeeded');
    expect((await post('/api/orders/confirm', { paymentIntentId: approved.paymentIntentId })).json().status).toBe(
      'paid',
    );

    const failed = await startPayment();
    await payWith(failed.clientSecret, '4000002500003155');
    const refused = await post('/api/payments/test/authenticate', {
      clientSecret: failed.clientSecret,
      approve: false,
    });
    expect(refused.json()).toMatchObject({
      status: 'requires_payment_method',
      error: { code: 'payment_intent_authentication_failure' },
    });
    expect(await orderStatus(failed.paymentIntentId)).not.toBe('paid');
  });

  it('answers 400, not 500, to ids no database can hold', async () => {
    const huge = await post('/api/create-payment-intent', {
      items: [{ id: 3_000_000_000, quantity: 1 }],
      email: 'buyer@shop.test',
    });
    expect(huge.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/artworks/3000000000' })).statusCode).toBe(404);
    expect((await post('/api/downloads/3000000000', { format: 'png' })).statusCode).toBe(400);
  });

  it("answers 404 to confirming someone else's payment, and shows orders only to their customer and the owner", async () => {
    const { clientSecret, paymentIntentId } = await startPayment();
    await payWith(clientSecret, '4242424242424242');
    expect((await post('/api/orders/confirm', { paymentIntentId }, other)).statusCode).toBe(404);
    expect((await post('/api/orders/confirm', { paymentIntentId: 'pi_test_unknown' })).statusCode).toBe(404);

    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/buyer@shop.test', headers: { cookie: buyer } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().orders.some((o: { paymentIntentId: string }) => o.paymentIntentId === paymentIntentId)).toBe(
      true,
    );
    const owners = await t.app.inject({
      method: 'GET',
      url: '/api/orders/buyer@shop.test',
      headers: { cookie: owner },
    });
    expect(owners.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/orders/buyer@shop.test', headers: { cookie: other } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/buyer@shop.test' })).statusCode).toBe(401);
  });

  it('keeps the order as sold when the artwork is edited or deleted afterwards', async () => {
    const { clientSecret, paymentIntentId } = await startPayment();
    await payWith(clientSecret, '4242424242424242');
    await post('/api/orders/confirm', { paymentIntentId });
    await t.db
      .updateTable('artworks')
      .set({ title: 'Renamed', price_cents: 99900 })
      .where('id', '=', ids[1]!)
      .execute();
    const { orders } = (
      await t.app.inject({ method: 'GET', url: '/api/orders/buyer@shop.test', headers: { cookie: buyer } })
    ).json<{
      orders: Array<{ paymentIntentId: string; items: Array<{ title: string; unitAmount: number }> }>;
    }>();
    const order = orders.find((o) => o.paymentIntentId === paymentIntentId);
    expect(order?.items[1]).toMatchObject({ title: 'Paper Moon', unitAmount: 725 });
    await t.db
      .updateTable('artworks')
      .set({ title: 'Paper Moon', price_cents: 725 })
      .where('id', '=', ids[1]!)
      .execute();
  });
});
