import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { PaymentIntentAnswer } from '#shared/orders/checkout-schema.ts';
import { CHECKOUT_MESSAGES, minimumChargeCents } from '#shared/orders/checkout.ts';
import { CODE_MESSAGES } from '#shared/discounts/discounts.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { TAXED_STORE } from '#test-support/tax-orders.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// For generated carts and discounts, the price the cart's quote shows is the price its payment is made for, to the
// cent and line by line: lines at their licence's price, automatic sales, quantity breaks, codes and VAT.

const CATEGORIES = ['abstract', 'botanical'] as const;
/** Personal and commercial prices (in the store's currency), in two categories. */
const ARTWORKS = [
  { price: 12.5, commercialPrice: 40, category: 'abstract' },
  { price: 7.25, commercialPrice: 29.99, category: 'abstract' },
  { price: 9.99, commercialPrice: 35, category: 'botanical' },
  { price: 19, commercialPrice: 60.5, category: 'botanical' },
  { price: 5.55, commercialPrice: 21.1, category: 'abstract' },
];
/** Consumers inside and outside the registrations (EU with a German seller, the UK, Norway), and businesses. */
const BUYERS = [
  { country: 'DE' },
  { country: 'FR' },
  { country: 'FR', vatNumber: 'FR40303265045' },
  { country: 'IT', vatNumber: 'IT00743110157' },
  { country: 'DE', vatNumber: 'DE136695976' },
  { country: 'GB' },
  { country: 'NO' },
  { country: 'US' },
  {},
] as const;

const scope = fc.oneof(
  fc.constant({ scope: 'all' as const }),
  fc.constantFrom(...CATEGORIES).map((category) => ({
    scope: 'categories' as const,
    scope_categories: JSON.stringify([category]),
  })),
  fc.uniqueArray(fc.nat(ARTWORKS.length - 1), { minLength: 1, maxLength: 3 }).map((indexes) => ({
    scope: 'artworks' as const,
    artworkIndexes: indexes,
  })),
);
const percent = fc.integer({ min: 5, max: 60 });

const cartArbitrary = fc.record({
  items: fc.array(
    fc.record({
      artwork: fc.nat(ARTWORKS.length - 1),
      quantity: fc.integer({ min: 1, max: 3 }),
      licence: fc.constantFrom('personal' as const, 'commercial' as const),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  sales: fc.array(fc.record({ percent, scope }), { maxLength: 2 }),
  breaks: fc.array(fc.record({ percent, minQuantity: fc.integer({ min: 2, max: 4 }) }), { maxLength: 2 }),
  code: fc.option(
    fc.record({
      off: fc.oneof(
        percent.map((p) => ({ percent_off: p, amount_off_cents: null })),
        fc.integer({ min: 50, max: 1500 }).map((cents) => ({ percent_off: null, amount_off_cents: cents })),
      ),
      scope,
      combinesWithSales: fc.boolean(),
      minSubtotalCents: fc.option(fc.integer({ min: 1000, max: 8000 }), { nil: null }),
    }),
    { nil: null },
  ),
  buyer: fc.constantFrom(...BUYERS),
  pricesIncludeTax: fc.boolean(),
});
type GeneratedCart = typeof cartArbitrary extends fc.Arbitrary<infer T> ? T : never;

describe.each(TEST_ENGINES)('the quote and the payment of one cart on %s', (engine) => {
  /** A store that adds VAT to its prices, and one whose prices include it. */
  const stores: Record<'added' | 'included', { t: TestApp; cookie: string; artworkIds: number[] }> = {} as never;
  let runs = 0;

  beforeAll(async () => {
    for (const [name, included] of [
      ['added', 'false'],
      ['included', 'true'],
    ] as const) {
      // Every run asks from one address, most with a code or a VAT number: the limit is tested in quote-limit-api.test.ts.
      const t = await createTestApp(engine, {
        ...TAXED_STORE,
        PRICES_INCLUDE_TAX: included,
        QUOTE_CODE_RATE_LIMIT: '100000',
      });
      const artworkIds = await insertTestArtworks(t.db, ARTWORKS);
      const cookie = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
      stores[name] = { t, cookie, artworkIds };
    }
  });
  afterAll(() => Promise.all(Object.values(stores).map(({ t }) => t.close())));

  /** Only the cart's discounts are live: the last run's are switched off. */
  async function setDiscounts(t: TestApp, artworkIds: number[], cart: GeneratedCart): Promise<string | undefined> {
    runs += 1;
    await t.db.updateTable('discounts').set({ active: 0 }).execute();
    const scoped = (s: GeneratedCart['sales'][number]['scope']) =>
      'artworkIndexes' in s
        ? { scope: s.scope, scope_artworks: JSON.stringify(s.artworkIndexes.map((index) => artworkIds[index])) }
        : s;
    for (const [index, sale] of cart.sales.entries())
      await insertTestDiscount(t.db, {
        kind: 'sale',
        code: null,
        name: `Sale ${runs}.${index}`,
        percent_off: sale.percent,
        ...scoped(sale.scope),
      });
    for (const [index, tier] of cart.breaks.entries())
      await insertTestDiscount(t.db, {
        kind: 'quantity',
        code: null,
        name: `Break ${runs}.${index}`,
        percent_off: tier.percent,
        min_quantity: tier.minQuantity,
      });
    if (!cart.code) return undefined;
    const code = `CART${runs}`;
    await insertTestDiscount(t.db, {
      code,
      name: `Code ${runs}`,
      ...cart.code.off,
      ...scoped(cart.code.scope),
      combines_with_sales: cart.code.combinesWithSales ? 1 : 0,
      min_subtotal_cents: cart.code.minSubtotalCents,
    });
    // As a buyer types it.
    return ` ${code.toLowerCase()} `;
  }

  it('agree to the cent, line by line, with codes, sales, quantity breaks, licences and VAT', async () => {
    await fc.assert(
      fc.asyncProperty(cartArbitrary, async (cart) => {
        const { t, cookie, artworkIds } = stores[cart.pricesIncludeTax ? 'included' : 'added'];
        const code = await setDiscounts(t, artworkIds, cart);
        const payload = {
          items: cart.items.map((item) => ({
            id: artworkIds[item.artwork],
            quantity: item.quantity,
            licence: item.licence,
          })),
          ...(code ? { code } : {}),
          ...cart.buyer,
        };
        const post = (url: string, body: object) =>
          t.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
        const quoted = await post('/api/cart/quote', payload);
        expect(quoted.statusCode, quoted.body).toBe(200);
        const quote = quoted.json<CartQuote>();
        const paying = await post('/api/create-payment-intent', { ...payload, email: 'buyer@shop.test' });

        // A code that does not apply is said beside the quote and refused by the payment, in the same words; one that
        // loses to the sale prices is not refused: the buyer keeps the better price.
        const codeRefused = quote.code && !quote.code.applied && quote.code.message !== CODE_MESSAGES.notCombinable;
        const refusal = codeRefused
          ? quote.code!.message
          : quote.total < minimumChargeCents('usd')
            ? CHECKOUT_MESSAGES.belowMinimum('usd')
            : null;
        if (refusal) {
          expect(paying.statusCode, paying.body).toBe(400);
          expect(paying.json<{ error: string }>().error).toBe(refusal);
          return;
        }
        expect(paying.statusCode, paying.body).toBe(200);
        const intent = paying.json<PaymentIntentAnswer>();
        const lineOf = (line: CartQuote['items'][number] | PaymentIntentAnswer['items'][number]) => ({
          artworkId: line.artworkId,
          licence: line.licence,
          listUnitAmount: line.listUnitAmount,
          unitAmount: line.unitAmount,
          quantity: line.quantity,
          discount: line.discount,
          amount: line.amount,
        });
        expect(intent.items.map(lineOf)).toEqual(quote.items.map(lineOf));
        expect({ subtotal: intent.subtotal, discount: intent.discount, total: intent.amount }).toEqual({
          subtotal: quote.subtotal,
          discount: quote.discount,
          total: quote.total,
        });
        // An order no tax was decided on (no country yet) shows no tax line, where the cart shows one at nothing.
        expect(intent.tax).toEqual(quote.tax?.treatment === null && quote.tax.amount === 0 ? null : quote.tax);
        expect(intent.discountLabel).toBe(quote.discounts.map((discount) => discount.label).join(' + ') || null);
        // What the payment provider was asked for is the order's amount.
        const order = await t.db
          .selectFrom('orders')
          .select(['amount_cents', 'tax_cents'])
          .where('payment_intent_id', '=', intent.paymentIntentId)
          .executeTakeFirstOrThrow();
        expect(order).toEqual({ amount_cents: quote.total, tax_cents: quote.tax?.amount ?? 0 });
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
