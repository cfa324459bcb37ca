import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import { COMPLETE_SET_MESSAGES } from '#shared/sets/complete-set.ts';
import type { OwnerSet, SetCompletionAnswer } from '#shared/sets/set-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { TAXED_STORE } from '#test-support/tax-orders.ts';
import { testCardIssuedIn } from '#test-support/tax-settings.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// Completing a set (decision 0070): a buyer who owns some of its pieces under the licence pays for the rest the set's
// price less what they paid for those (net of VAT and of refunds), never below the rest at the set's ratio. Prices
// here include VAT, so a French buyer's piece counts at its net. A = $30, B = $20, C = $10; the set is 10 % off: $54.
describe.each(TEST_ENGINES)('completing a set, on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let a: number;
  let b: number;
  let c: number;
  let set: OwnerSet;
  let ips = 0;
  const nextIp = () => `10.9.${ips >> 8}.${ips++ & 255}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { ...TAXED_STORE, PRICES_INCLUDE_TAX: 'true', GUEST_CHECKOUT: 'true' });
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    [a = 0, b = 0, c = 0] = await insertTestArtworks(t.db, [
      { title: 'Morning', price: 30, commercialPrice: 90 },
      { title: 'Noon', price: 20, commercialPrice: 60 },
      { title: 'Night', price: 10, commercialPrice: 30 },
    ]);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sets',
      payload: { title: 'A Day', artworkIds: [a, b, c], percentOff: 10 },
      headers: { cookie: owner },
    });
    expect(made.statusCode, made.body).toBe(201);
    set = made.json<OwnerSet>();
    expect(set.personal?.price).toBe(54);
    expect(set.commercial?.price).toBe(162);
  });
  afterAll(() => t.close());

  const quote = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [], ...payload },
      headers: cookie ? { cookie } : {},
      remoteAddress: nextIp(),
    });
  async function setQuote(cookie: string) {
    const answer = await quote(cookie, { sets: [{ setId: set.id }] });
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = answer.json<CartQuote>();
    expect(items.every((line) => line.setId === set.id && line.quantity === 1)).toBe(true);
    return { ids: items.map((line) => line.artworkId), cents: items.reduce((sum, line) => sum + line.amount, 0) };
  }
  const completion = async (cookie: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/sets/${set.id}/completion`, headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    return answer.json<SetCompletionAnswer>();
  };
  const buyNight = (cookie: string, email: string, country = 'US') =>
    buyWithTestCard(
      t,
      cookie,
      { items: [{ id: c, quantity: 1 }], email },
      // The default card is American.
      country === 'US' ? {} : { country, cardNumber: testCardIssuedIn(country) },
    );

  it('counts a piece bought with VAT at its net, and the order of the rest has their lines only', async () => {
    const buyer = await signedInCookie(t.app, t.db, 'vat@shop.test', 'customer');
    expect(await setQuote(buyer)).toEqual({ ids: [a, b, c], cents: 5400 });
    expect((await completion(buyer)).personal).toEqual({ owned: 0, price: 54, setPrice: 54 });

    const night = await buyNight(buyer, 'vat@shop.test', 'FR');
    const line = await t.db
      .selectFrom('order_items')
      .select(['net_cents', 'tax_cents'])
      .where('order_id', '=', night.orderId)
      .executeTakeFirstOrThrow();
    // $10 with France's 20 % inside: 833 net + 167 VAT.
    expect(line).toEqual({ net_cents: 833, tax_cents: 167 });
    // 5400 − 833 = 4567, above the floor (5000 × 0.9 = 4500) and below the rest's own sum (5000).
    expect(await setQuote(buyer)).toEqual({ ids: [a, b], cents: 4567 });
    expect(await completion(buyer)).toMatchObject({ pieces: 3, personal: { owned: 1, price: 45.67, setPrice: 54 } });

    const rest = await buyWithTestCard(
      t,
      buyer,
      { items: [], sets: [{ setId: set.id }], email: 'vat@shop.test' },
      { country: 'FR', cardNumber: testCardIssuedIn('FR') },
    );
    const lines = await t.db
      .selectFrom('order_items')
      .select(['artwork_id', 'set_id', 'line_total_cents'])
      .where('order_id', '=', rest.orderId)
      .orderBy('id')
      .execute();
    expect(lines.map((l) => l.artwork_id)).toEqual([a, b]);
    expect(lines.every((l) => l.set_id === set.id)).toBe(true);
    // Split in proportion to 3000 : 2000 by largest remainder.
    expect(lines.map((l) => l.line_total_cents)).toEqual([2740, 1827]);

    // Owning every piece now: the set is refused, naming it, and the page says there is nothing left to buy.
    const refused = await quote(buyer, { sets: [{ setId: set.id }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ details: Record<string, string[]> }>().details).toEqual({
      'sets.0.setId': [COMPLETE_SET_MESSAGES.allOwned],
    });
    expect((await completion(buyer)).personal).toEqual({ owned: 3, price: null, setPrice: 54 });
    // Another licence is another purchase: the Commercial set is whole for them.
    const commercial = await quote(buyer, { sets: [{ setId: set.id, licence: 'commercial' }] });
    expect(commercial.json<CartQuote>().items).toHaveLength(3);
  });

  it('never asks less than the missing pieces at the set’s own ratio', async () => {
    const buyer = await signedInCookie(t.app, t.db, 'floor@shop.test', 'customer');
    await buyNight(buyer, 'floor@shop.test');
    // 5400 − 1000 = 4400 would price the rest below the set's 10 % off: the floor, 5000 × 0.9 = 4500.
    expect(await setQuote(buyer)).toEqual({ ids: [a, b], cents: 4500 });
  });

  it('nets refunds out, and a piece whose order was refunded in full is not owned', async () => {
    const buyer = await signedInCookie(t.app, t.db, 'refund@shop.test', 'customer');
    const night = await buyNight(buyer, 'refund@shop.test');
    const refund = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${night.orderNumber}/refund`,
        payload,
        headers: { cookie: owner },
      });
    const partial = await refund({ amount: 400 });
    expect(partial.statusCode, partial.body).toBe(200);
    // Paid 1000, 400 back: 600 counts; 5400 − 600 = 4800.
    expect(await setQuote(buyer)).toEqual({ ids: [a, b], cents: 4800 });
    const full = await refund({});
    expect(full.statusCode, full.body).toBe(200);
    expect(await setQuote(buyer)).toEqual({ ids: [a, b, c], cents: 5400 });
  });

  it('counts a piece whole when another line of its order was refunded on its own, and not a piece refunded so', async () => {
    const buyer = await signedInCookie(t.app, t.db, 'line-refund@shop.test', 'customer');
    const [extra = 0] = await insertTestArtworks(t.db, [{ title: 'Dusk', price: 10 }]);
    const bought = await buyWithTestCard(
      t,
      buyer,
      { items: [c, extra].map((id) => ({ id, quantity: 1 })), email: 'line-refund@shop.test' },
      { country: 'FR', cardNumber: testCardIssuedIn('FR') },
    );
    const lines = await t.db
      .selectFrom('order_items')
      .select(['id', 'artwork_id'])
      .where('order_id', '=', bought.orderId)
      .execute();
    const refundLine = (artworkId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${bought.orderNumber}/refund-line`,
        payload: { itemId: lines.find((line) => line.artwork_id === artworkId)!.id },
        headers: { cookie: owner },
      });
    expect((await refundLine(extra)).statusCode).toBe(200);
    // Night's 833 net counts whole: Dusk's refund was Dusk's alone. 5400 − 833 = 4567.
    expect(await setQuote(buyer)).toEqual({ ids: [a, b], cents: 4567 });
    expect((await refundLine(c)).statusCode).toBe(200);
    expect(await setQuote(buyer)).toEqual({ ids: [a, b, c], cents: 5400 });
  });

  it('matches a guest’s earlier orders by their address at checkout', async () => {
    const guest = async (email: string, cart: object) => {
      const ip = nextIp();
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
      const created = await post('/api/create-payment-intent', {
        items: [],
        ...cart,
        email,
        firstName: 'Gus',
        lastName: 'Guest',
        country: 'US',
      });
      expect(created.statusCode, created.body).toBe(200);
      const intent = created.json<{ clientSecret: string; paymentIntentId: string }>();
      return { intent, post };
    };
    const first = await guest('gus@shop.test', { items: [{ id: c, quantity: 1 }] });
    const method = await first.post('/api/payments/test/payment-methods', {
      card: { number: '4242424242424242', name: 'Gus', expMonth: 12, expYear: 34, cvc: '123' },
      billing: { postalCode: '12345', country: 'US' },
    });
    const paymentMethodId = method.json<{ id: string }>().id;
    const { paymentIntentId, clientSecret } = first.intent;
    expect((await first.post('/api/checkout/payment-method', { paymentIntentId, paymentMethodId })).statusCode).toBe(
      200,
    );
    await first.post('/api/payments/test/confirm-method', { clientSecret, paymentMethodId });
    const confirmed = await first.post('/api/orders/confirm', { paymentIntentId, email: 'gus@shop.test' });
    expect(confirmed.json<{ status: string }>().status, confirmed.body).toBe('paid');

    const linesOf = async (intentId: string) =>
      t.db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select(['order_items.artwork_id', 'order_items.line_total_cents'])
        .where('orders.payment_intent_id', '=', intentId)
        .orderBy('order_items.id')
        .execute();
    const again = await guest('Gus@Shop.test ', { sets: [{ setId: set.id }] });
    expect(await linesOf(again.intent.paymentIntentId)).toEqual([
      { artwork_id: a, line_total_cents: 2700 },
      { artwork_id: b, line_total_cents: 1800 },
    ]);
    const stranger = await guest('other@shop.test', { sets: [{ setId: set.id }] });
    expect((await linesOf(stranger.intent.paymentIntentId)).map((l) => l.artwork_id)).toEqual([a, b, c]);
    // A signed-out quote knows no buyer: the whole set.
    expect((await quote(undefined, { sets: [{ setId: set.id }] })).json<CartQuote>().subtotal).toBe(5400);
  });

  it('suggests the set when the cart holds some of its pieces, with what it saves', async () => {
    const suggestions = async (payload: object) => {
      const answer = await quote(undefined, payload);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<CartQuote>().suggestions;
    };
    const whole = (licence: 'personal' | 'commercial') => ({
      pieces: 3,
      price: licence === 'personal' ? 5400 : 16200,
      coverUrl: set.cover?.imageUrl ?? null,
    });
    const two = [
      { id: a, quantity: 1 },
      { id: b, quantity: 1 },
    ];
    // 3000 + 2000 + 1000 bought one by one, less 5400.
    expect(await suggestions({ items: two })).toEqual([
      {
        setId: set.id,
        title: 'A Day',
        licence: 'personal',
        inCart: [a, b],
        missing: 1,
        save: 600,
        ...whole('personal'),
      },
    ]);
    expect(await suggestions({ items: [...two, { id: c, quantity: 1 }] })).toEqual([]);
    expect(await suggestions({ items: two, sets: [{ setId: set.id }] })).toEqual([]);
    // Under Commercial: 9000 + 6000 + 3000 less 16200.
    expect(await suggestions({ items: [{ id: a, quantity: 1, licence: 'commercial' }, ...two] })).toEqual([
      {
        setId: set.id,
        title: 'A Day',
        licence: 'commercial',
        inCart: [a],
        missing: 2,
        save: 1800,
        ...whole('commercial'),
      },
      {
        setId: set.id,
        title: 'A Day',
        licence: 'personal',
        inCart: [a, b],
        missing: 1,
        save: 600,
        ...whole('personal'),
      },
    ]);
  });

  it('answers the completion only to a signed-in buyer, and 404 for a set off sale', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/sets/${set.id}/completion` });
    expect(signedOut.statusCode).toBe(401);
    const buyer = await signedInCookie(t.app, t.db, 'nobody@shop.test', 'customer');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/sets/999999/completion',
      headers: { cookie: buyer },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
