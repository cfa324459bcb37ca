import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArtwork } from '#shared/catalogue/artwork-write-schema.ts';
import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import type { CatalogPage } from '#shared/catalogue/catalogue-query-schema.ts';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { signedInCookie, signedInCustomers } from '#test-support/owner-session.ts';
import { TAXED_STORE } from '#test-support/tax-orders.ts';
import { testCardIssuedIn } from '#test-support/tax-settings.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// Pay what you want (decision 0059): the owner sets a minimum and a suggested price; the buyer chooses the amount,
// which the server alone accepts or refuses, naming the cart line's field, in the quote, the card checkout and the
// free order alike (one pricing path); discounts and VAT apply to it, the order's line keeps it, and the shop's
// price filter and sorts read the minimum.

type Refusal = { error: string; details: Record<string, string[]> };

describe.each(TEST_ENGINES)('pay what you want on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let buyers = 0;
  /** Minimum 0, suggested 5.00: free allowed. */
  let free: number;
  /** Minimum 3.00, suggested 8.00. */
  let atLeastThree: number;
  let fixedTen: number;

  beforeAll(async () => {
    // A store that charges VAT (seller in Germany), in US dollars: the smallest card charge is 0.50.
    t = await createTestApp(engine, TAXED_STORE);
    owner = await signedInCookie(t.app, t.db, `owner-${engine}@shop.test`, 'admin');
    [free, atLeastThree, fixedTen] = (await insertTestArtworks(t.db, [
      { title: 'Free Tide', price: 5, minimumPrice: 0 },
      { title: 'Three Up', price: 8, minimumPrice: 3 },
      { title: 'Fixed Ten', price: 10 },
    ])) as [number, number, number];
  });
  afterAll(() => t.close());

  const newBuyer = async () => {
    const email = `pwyw${++buyers}@shop.test`;
    const [cookie] = await signedInCustomers(t, [email]);
    return { email, cookie: cookie! };
  };
  type Item = { id: number; quantity?: number; licence?: 'personal' | 'commercial'; amount?: number };
  const lines = (items: Item[]) => items.map((item) => ({ quantity: 1, licence: 'personal' as const, ...item }));
  const quote = (items: Item[], extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: { items: lines(items), ...extra } });
  const refusalOf = (answer: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(answer.statusCode, answer.body).toBe(400);
    return answer.json<Refusal>();
  };
  const edit = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/artworks/${id}`, headers: { cookie: owner }, payload });

  describe('the owner', () => {
    it('marks an artwork pay what you want, sold with the personal licence only, and back', async () => {
      const [id] = (await insertTestArtworks(t.db, [{ title: 'Owner Pick', price: 12, commercialPrice: 40 }])) as [
        number,
      ];
      const on = await edit(id, { payWhatYouWant: true, minimumPrice: 2, price: 6 });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json<AdminArtwork>()).toMatchObject({
        payWhatYouWant: { minimum: 2, suggested: 6 },
        licences: { personal: 6, commercial: null },
        price: 2,
      });
      const off = await edit(id, { payWhatYouWant: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<AdminArtwork>()).toMatchObject({ payWhatYouWant: null, licences: { personal: 6 }, price: 6 });
    });

    it('is refused a suggested price below the minimum, an unchargeable minimum, Commercial, or no minimum', async () => {
      const [id] = (await insertTestArtworks(t.db, [{ title: 'Owner Refused', price: 12 }])) as [number];
      expect(refusalOf(await edit(id, { payWhatYouWant: true, minimumPrice: 5, price: 4 })).details).toEqual({
        price: ['The suggested price must be at least the minimum price, $5.00.'],
      });
      expect(
        refusalOf(await edit(id, { payWhatYouWant: true, minimumPrice: 0.2, price: 4 })).details.minimumPrice?.[0],
      ).toMatch(/between \$0\.00 and \$0\.50 cannot be charged/);
      expect(
        refusalOf(await edit(id, { payWhatYouWant: true, minimumPrice: 1, offersCommercial: true, commercialPrice: 9 }))
          .details.offersCommercial,
      ).toHaveLength(1);
      expect(refusalOf(await edit(id, { payWhatYouWant: true })).details.minimumPrice).toHaveLength(1);
      // Nothing was changed by the refusals.
      const row = await t.db.selectFrom('artworks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ minimum_price_cents: null, price_cents: 1200 });
    });
  });

  describe('the amount chosen', () => {
    it('accepts 0 when the minimum is 0, and any chargeable amount up to the highest price', async () => {
      const zero = await quote([{ id: free, amount: 0 }]);
      expect(zero.statusCode, zero.body).toBe(200);
      expect(zero.json<CartQuote>()).toMatchObject({ subtotal: 0, total: 0, items: [{ unitAmount: 0, amount: 0 }] });
      const fifty = await quote([{ id: free, amount: 50 }]);
      expect(fifty.statusCode, fifty.body).toBe(200);
      expect(fifty.json<CartQuote>().total).toBe(50);
      const most = await quote([{ id: free, amount: 10_000_000 }]);
      expect(most.statusCode, most.body).toBe(200);
    });

    it('refuses 0.20: between 0 and the smallest charge, naming the line’s amount', async () => {
      const refusal = refusalOf(await quote([{ id: free, amount: 20 }]));
      expect(refusal.details).toEqual({
        'items.0.amount': [
          'Amounts between $0.00 and $0.50 cannot be charged by card: choose $0.00 or at least $0.50.',
        ],
      });
      expect(refusal.error).toBe(refusal.details['items.0.amount']![0]);
    });

    it('refuses an amount below the artwork’s minimum, and above the highest price', async () => {
      expect(refusalOf(await quote([{ id: atLeastThree, amount: 299 }])).details).toEqual({
        'items.0.amount': ['The minimum for this artwork is $3.00: enter at least that.'],
      });
      expect(refusalOf(await quote([{ id: atLeastThree, amount: 0 }])).details['items.0.amount']).toHaveLength(1);
      expect(refusalOf(await quote([{ id: free, amount: 10_000_001 }])).details).toEqual({
        'items.0.amount': ['The most you can pay for one artwork is $100,000.00.'],
      });
    });

    it('refuses a line with no amount, more than one, or the commercial licence, and names each', async () => {
      expect(refusalOf(await quote([{ id: fixedTen }, { id: free }])).details).toEqual({
        'items.1.amount': ['Choose how much to pay for “Free Tide”.'],
      });
      expect(Object.keys(refusalOf(await quote([{ id: free, amount: 100, quantity: 2 }])).details)).toEqual([
        'items.0.quantity',
      ]);
      expect(Object.keys(refusalOf(await quote([{ id: free, amount: 100, licence: 'commercial' }])).details)).toEqual([
        'items.0.licence',
      ]);
      // A fixed-price artwork ignores an amount sent with it: the server prices it.
      const fixed = await quote([{ id: fixedTen, amount: 1 }]);
      expect(fixed.json<CartQuote>().total).toBe(1000);
    });

    it('is checked the same way as the card payment and the free order are made', async () => {
      const buyer = await newBuyer();
      const body = { items: lines([{ id: free, amount: 20 }]), email: buyer.email, firstName: 'A', lastName: 'B' };
      for (const url of ['/api/create-payment-intent', '/api/orders/free']) {
        const answer = await t.app.inject({ method: 'POST', url, headers: { cookie: buyer.cookie }, payload: body });
        expect(refusalOf(answer).details['items.0.amount']?.[0], url).toMatch(/cannot be charged by card/);
      }
      const below = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie: buyer.cookie },
        payload: { ...body, items: lines([{ id: atLeastThree, amount: 100 }]) },
      });
      expect(refusalOf(below).details['items.0.amount']?.[0]).toMatch(/minimum for this artwork is \$3\.00/);
      expect(await t.db.selectFrom('orders').select('id').where('customer_email', '=', buyer.email).execute()).toEqual(
        [],
      );
    });
  });

  describe('the order', () => {
    it('applies a code and VAT to the amount chosen, and its line records the amount paid', async () => {
      await insertTestDiscount(t.db, { code: 'TENOFF', percent_off: 10 });
      const items = lines([{ id: atLeastThree, amount: 1234 }]);
      const quoted = await quote(items, { code: 'TENOFF', country: 'DE' });
      expect(quoted.statusCode, quoted.body).toBe(200);
      // 12.34 chosen, 10 % off (1.23, half up), VAT 19 % of 11.11 = 2.11.
      expect(quoted.json<CartQuote>()).toMatchObject({
        subtotal: 1234,
        discount: 123,
        tax: { amount: 211, country: 'DE' },
        total: 1111 + 211,
        items: [{ listUnitAmount: 1234, unitAmount: 1234, discount: 123, amount: 1111 }],
      });

      const buyer = await newBuyer();
      const paid = await buyWithTestCard(
        t,
        buyer.cookie,
        { items, email: buyer.email, code: 'TENOFF' },
        { country: 'DE', cardNumber: testCardIssuedIn('DE') },
      );
      const order = await t.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', paid.orderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 'paid', amount_cents: 1322, tax_cents: 211, discount_cents: 123 });
      const line = await t.db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', paid.orderId)
        .executeTakeFirstOrThrow();
      expect(line).toMatchObject({
        artwork_id: atLeastThree,
        quantity: 1,
        list_unit_price_cents: 1234,
        unit_price_cents: 1234,
        discount_cents: 123,
        line_total_cents: 1111,
        licence: 'personal',
      });
    });

    it('completes a free artwork at 0 through the free order, with downloads', async () => {
      const buyer = await newBuyer();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/orders/free',
        headers: { cookie: buyer.cookie },
        payload: { items: lines([{ id: free, amount: 0 }]), email: buyer.email, firstName: 'A', lastName: 'B' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const order = answer.json<OrderSummary>();
      expect(order).toMatchObject({ status: 'paid', amount: 0, paymentIntentId: null });
      expect(order.items).toMatchObject([{ artworkId: free, unitAmount: 0, amount: 0, licence: 'personal' }]);
      const downloads = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie: buyer.cookie } });
      expect(downloads.body).toContain(order.orderNumber);
    });
  });

  describe('the shop', () => {
    const list = async (query: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api/artworks?limit=50&${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<CatalogPage>();
    };

    it('filters and sorts by the minimum, which the cards show as the price', async () => {
      const low = (await list('sort=price-low')).items.filter((a) => [free, atLeastThree, fixedTen].includes(a.id));
      expect(low.map((a) => [a.id, a.price])).toEqual([
        [free, 0],
        [atLeastThree, 3],
        [fixedTen, 10],
      ]);
      const high = (await list('sort=price-high')).items.filter((a) => [free, atLeastThree, fixedTen].includes(a.id));
      expect(high.map((a) => a.id)).toEqual([fixedTen, atLeastThree, free]);
      // The suggested 8.00 does not count: filtered by 2 to 4, "Three Up" is in, by 7 to 9 it is not.
      expect((await list('minPrice=2&maxPrice=4')).items.map((a) => a.id)).toEqual([atLeastThree]);
      expect((await list('minPrice=7&maxPrice=9')).items.map((a) => a.id)).not.toContain(atLeastThree);
      expect((await list('maxPrice=0')).items.map((a) => a.id)).toEqual([free]);
    });

    it('answers the minimum and the suggested price on the artwork, which no sale lowers', async () => {
      const sale = await insertTestDiscount(t.db, {
        kind: 'sale',
        code: null,
        name: 'Half',
        percent_off: 50,
        starts_at: new Date(Date.now() - 60_000).toISOString(),
      });
      const detail = await t.app.inject({ method: 'GET', url: `/api/artworks/${atLeastThree}` });
      expect(detail.json<ArtworkDetail>()).toMatchObject({
        payWhatYouWant: { minimum: 3, suggested: 8 },
        licences: { personal: 8, commercial: null },
        salePrice: null,
      });
      const fixed = await t.app.inject({ method: 'GET', url: `/api/artworks/${fixedTen}` });
      expect(fixed.json<ArtworkDetail>()).toMatchObject({ payWhatYouWant: null, salePrice: 5 });
      // The cart's quote charges the amount chosen, not half of it.
      const quoted = await quote([{ id: atLeastThree, amount: 400 }]);
      expect(quoted.json<CartQuote>().total).toBe(400);
      await t.db.deleteFrom('discounts').where('id', '=', sale).execute();
    });
  });
});

describe.each(TEST_ENGINES)('pay what you want in pounds on %s', (engine) => {
  let t: TestApp;
  let free: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { STORE_CURRENCY: 'gbp' });
    [free] = (await insertTestArtworks(t.db, [{ title: 'Pound Tide', price: 5, minimumPrice: 0 }])) as [number];
  });
  afterAll(() => t.close());

  it('takes the provider’s smallest charge in the store’s currency, 0.30', async () => {
    const quote = (amount: number) =>
      t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: { items: [{ id: free, quantity: 1, amount }] } });
    expect((await quote(30)).statusCode).toBe(200);
    const refused = await quote(29);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Refusal>().details['items.0.amount']).toEqual([
      'Amounts between £0.00 and £0.30 cannot be charged by card: choose £0.00 or at least £0.30.',
    ]);
  });
});
