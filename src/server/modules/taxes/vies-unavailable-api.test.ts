import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { PaymentIntentAnswer } from '#shared/orders/checkout-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { startViesTestServer, type ViesTestServer } from '#test-support/vies-test-server.ts';
import { BUSINESS_BUYER_NOTICES } from './business-buyer';

// An EU VAT number earns the reverse charge only when VIES says it is valid: when VIES cannot answer (its
// gateway down, a member state's register down, nothing listening) the buyer pays VAT and the quote and the
// checkout's answer say why, in one sentence.

const SELLER = {
  TAX_REGISTRATIONS: 'eu',
  SELLER_NAME: 'Atelier Test Ltd',
  SELLER_ADDRESS: '1 Test Street, Springfield',
  SELLER_COUNTRY: 'US',
  SELLER_TAX_ID: 'EU372000000',
  STORE_CURRENCY: 'eur',
};
/** Valid check digits; the VIES test server knows it as valid when it answers at all. */
const FRENCH_BUSINESS = 'FR40303265045';
/** 19.00 with French VAT at 20 %. */
const FRENCH_VAT_CENTS = 380;

/** An address where nothing listens: a port taken, then let go. */
async function closedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/taxation_customs/vies/rest-api`;
}

describe.each(TEST_ENGINES)('a VAT number VIES cannot check, on %s', (engine) => {
  let vies: ViesTestServer;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    // France's register is down; every other answer would be a real one.
    vies = await startViesTestServer({ valid: [FRENCH_BUSINESS, 'DE136695976'], unavailable: ['FR'] });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await vies.close();
  });

  async function store(viesUrl: string) {
    const t = await createTestApp(engine, { ...SELLER, VIES_URL: viesUrl });
    apps.push(t);
    const [artworkId] = await insertTestArtworks(t.db, [{ title: 'Dune Light', price: 19 }]);
    const email = `buyer${apps.length}@shop.test`;
    return { t, artworkId: artworkId!, email, cookie: await signedInCookie(t.app, t.db, email, 'customer') };
  }

  /** The quote and the checkout's answer for a French business, and the order the checkout made. */
  async function quoteAndCheckout(s: Awaited<ReturnType<typeof store>>, vatNumber = FRENCH_BUSINESS) {
    const cart = { items: [{ id: s.artworkId, quantity: 1 }], country: 'FR', vatNumber };
    const quote = await s.t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: cart });
    expect(quote.statusCode, quote.body).toBe(200);
    const intent = await s.t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { ...cart, email: s.email },
      headers: { cookie: s.cookie },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const answer = intent.json<PaymentIntentAnswer>();
    const order = await s.t.db
      .selectFrom('orders')
      .select(['tax_cents', 'tax_treatment', 'vat_number', 'vat_number_checked_by'])
      .where('payment_intent_id', '=', answer.paymentIntentId)
      .executeTakeFirstOrThrow();
    return { quote: quote.json<CartQuote>(), intent: answer, order };
  }

  const charged = {
    amount: FRENCH_VAT_CENTS,
    treatment: 'vat',
    country: 'FR',
    notice: BUSINESS_BUYER_NOTICES.viesUnavailable,
  };
  const chargedOrder = { tax_cents: FRENCH_VAT_CENTS, tax_treatment: 'vat', vat_number: null };

  it('charges VAT and says why when nothing answers at the VIES address', async () => {
    const s = await store(await closedUrl());
    const { quote, intent, order } = await quoteAndCheckout(s);
    expect(quote.tax).toMatchObject(charged);
    expect(quote.total).toBe(1900 + FRENCH_VAT_CENTS);
    expect(intent.tax).toMatchObject(charged);
    expect(intent.amount).toBe(1900 + FRENCH_VAT_CENTS);
    expect(order).toMatchObject(chargedOrder);
  });

  it("charges VAT and says why when VIES answers that the member state's register is down", async () => {
    const s = await store(vies.url);
    const { quote, intent, order } = await quoteAndCheckout(s);
    expect(quote.tax).toMatchObject(charged);
    expect(intent.tax).toMatchObject(charged);
    expect(order).toMatchObject(chargedOrder);
    // The same store gives the reverse charge to a number VIES does confirm: only the unchecked one pays.
    const german = await quoteAndCheckout(s, 'DE136695976');
    expect(german.intent.tax).toMatchObject({ amount: 0, treatment: 'reverse-charge', notice: null });
    expect(german.order).toMatchObject({ tax_cents: 0, vat_number: 'DE136695976', vat_number_checked_by: 'vies' });
  });

  it('charges VAT and says why while the VIES gateway answers 503', async () => {
    const s = await store(vies.url);
    vies.setDown(true);
    try {
      // A consumer in France, where the billing address is, although the number is German.
      const { quote, intent, order } = await quoteAndCheckout(s, 'DE136695976');
      expect(quote.tax).toMatchObject(charged);
      expect(intent.tax).toMatchObject(charged);
      expect(order).toMatchObject(chargedOrder);
    } finally {
      vies.setDown(false);
    }
  });
});
