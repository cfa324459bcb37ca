import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntentAnswer } from '#shared/orders/checkout-schema.ts';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { orderByIntent } from '#test-support/order-by-intent.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard, createTestPaymentMethod } from '#test-support/test-purchase.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { startViesTestServer, type ViesTestServer } from '#test-support/vies-test-server.ts';
import { BUSINESS_BUYER_NOTICES } from './business-buyer';

const SELLER = {
  SELLER_NAME: 'Atelier Test Ltd',
  SELLER_ADDRESS: '1 Test Street, Springfield',
  SELLER_COUNTRY: 'US',
  SELLER_TAX_ID: 'EU372000000',
};
// Stripe's international test cards: issued in Germany, the United Kingdom, France.
const GERMAN_CARD = '4000002760000016';
const BRITISH_CARD = '4000008260000000';
const FRENCH_CARD = '4000002500000003';
// A French VAT number with valid check digits, which the VIES test server knows.
const FRENCH_BUSINESS = 'FR40303265045';

// VAT through the checkout on both engines: the tax decided by the billing and card countries, added to the price
// or inside it, the reverse charge for a business, the invoice and credit notes that record it.
describe.each(TEST_ENGINES)('VAT at checkout on %s', (engine) => {
  let vies: ViesTestServer;
  const apps: TestApp[] = [];
  let buyers = 0;

  beforeAll(async () => {
    vies = await startViesTestServer({ valid: [FRENCH_BUSINESS] });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await vies.close();
  });

  /** A store with these settings and one artwork at 19.00 (in the store's currency). */
  async function store(env: Record<string, string>) {
    const t = await createTestApp(engine, { ...SELLER, VIES_URL: vies.url, ...env });
    apps.push(t);
    const [artworkId] = await insertTestArtworks(t.db, [{ title: 'Dune Light', price: 19 }]);
    return { t, artworkId: artworkId! };
  }
  const newBuyer = async (t: TestApp) => {
    buyers += 1;
    const email = `buyer${buyers}@shop.test`;
    return { email, cookie: await signedInCookie(t.app, t.db, email, 'customer') };
  };
  const orderOf = (t: TestApp, paymentIntentId: string) => orderByIntent(t.db, paymentIntentId);
  const invoiceOf = (t: TestApp, orderId: number) =>
    t.db.selectFrom('tax_documents').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

  it('adds 19 % for a German consumer whose billing address and card agree, and invoices it', async () => {
    const { t, artworkId } = await store({ TAX_REGISTRATIONS: 'eu,gb', STORE_CURRENCY: 'eur' });
    const buyer = await newBuyer(t);
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: { items: [{ id: artworkId, quantity: 2 }], country: 'DE' },
      })
    ).json<CartQuote>();
    expect(quote.tax).toMatchObject({ amount: 722, label: 'VAT 19 % (Germany)', included: false, country: 'DE' });
    expect(quote.total).toBe(3800 + 722);

    const paid = await buyWithTestCard(
      t,
      buyer.cookie,
      { items: [{ id: artworkId, quantity: 2 }], email: buyer.email },
      { country: 'DE', cardNumber: GERMAN_CARD },
    );
    const order = await orderOf(t, paid.paymentIntentId);
    expect(order).toMatchObject({
      status: 'paid',
      currency: 'eur',
      amount_cents: 4522,
      tax_cents: 722,
      tax_country: 'DE',
      tax_scheme: 'oss',
      tax_treatment: 'vat',
      billing_country: 'DE',
      card_country: 'DE',
      country_confirmed: 0,
    });
    expect(order.tax_evidence_at).not.toBeNull();
    const [invoice] = await invoiceOf(t, order.id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      net_cents: 3800,
      tax_cents: 722,
      total_cents: 4522,
      currency: 'eur',
    });
    const receipt = await waitForMail(t.dataDir, buyer.email, /receipt/);
    expect(receipt.text).toMatch(/VAT 19 % \(Germany\): .*7\.22\nTotal: .*45\.22/);
    expect(receipt.text).toContain(`Invoice ${invoice!.display_number}`);
  });

  it('keeps the shown price with prices that include VAT: the tax is inside it', async () => {
    const { t, artworkId } = await store({
      TAX_REGISTRATIONS: 'eu',
      PRICES_INCLUDE_TAX: 'true',
      STORE_CURRENCY: 'eur',
    });
    const buyer = await newBuyer(t);
    const paid = await buyWithTestCard(
      t,
      buyer.cookie,
      { items: [{ id: artworkId, quantity: 1 }], email: buyer.email },
      { country: 'DE', cardNumber: GERMAN_CARD },
    );
    const order = await orderOf(t, paid.paymentIntentId);
    // 19.00 with 19 % inside: net 15.97, tax 3.03.
    expect(order).toMatchObject({ amount_cents: 1900, tax_cents: 303, prices_include_tax: 1 });
    const item = await t.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ line_total_cents: 1900, net_cents: 1597, tax_cents: 303, tax_rate_bp: 1900 });
  });

  it('asks the buyer when the billing address and the card disagree, records both, and taxes by the answer', async () => {
    const { t, artworkId } = await store({ TAX_REGISTRATIONS: 'eu,gb' });
    const buyer = await newBuyer(t);
    const intent = (
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { items: [{ id: artworkId, quantity: 1 }], email: buyer.email, country: 'DE' },
        headers: { cookie: buyer.cookie },
      })
    ).json<PaymentIntentAnswer>();
    expect(intent.tax).toMatchObject({ amount: 361, country: 'DE' });
    const method = await createTestPaymentMethod(
      t,
      buyer.cookie,
      { number: BRITISH_CARD },
      { postalCode: '10115', country: 'DE' },
    );
    expect(method.card.country).toBe('GB');
    const evidence = (country?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout/payment-method',
        payload: { paymentIntentId: intent.paymentIntentId, paymentMethodId: method.id, country },
        headers: { cookie: buyer.cookie },
      });
    const asked = await evidence();
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      details: { country: [expect.stringMatching(/Germany.*the United Kingdom/)], countryChoices: ['DE', 'GB'] },
    });
    expect((await evidence('FR')).statusCode).toBe(409);

    const answered = await evidence('GB');
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      changed: true,
      amount: 2280,
      tax: { amount: 380, country: 'GB', label: 'VAT 20 % (United Kingdom)' },
    });
    const order = await orderOf(t, intent.paymentIntentId);
    expect(order).toMatchObject({
      billing_country: 'DE',
      card_country: 'GB',
      country_confirmed: 1,
      tax_country: 'GB',
      tax_scheme: 'gb',
    });
    const provider = await t.db
      .selectFrom('test_payment_intents')
      .select('amount')
      .where('id', '=', intent.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(provider.amount).toBe(2280);
  });

  it('leaves a paid order as it was charged when the card form asks to tax it again', async () => {
    const { t, artworkId } = await store({ TAX_REGISTRATIONS: 'eu' });
    const buyer = await newBuyer(t);
    const paid = await buyWithTestCard(
      t,
      buyer.cookie,
      { items: [{ id: artworkId, quantity: 1 }], email: buyer.email },
      { country: 'DE', cardNumber: GERMAN_CARD },
    );
    const before = await orderOf(t, paid.paymentIntentId);
    const method = await createTestPaymentMethod(
      t,
      buyer.cookie,
      { number: FRENCH_CARD },
      { postalCode: '75001', country: 'FR' },
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/payment-method',
      payload: { paymentIntentId: paid.paymentIntentId, paymentMethodId: method.id },
      headers: { cookie: buyer.cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(await orderOf(t, paid.paymentIntentId)).toMatchObject({
      amount_cents: before.amount_cents,
      tax_country: 'DE',
      card_country: 'DE',
    });
  });

  it('charges a British consumer 20 % under the gb registration', async () => {
    const { t, artworkId } = await store({ TAX_REGISTRATIONS: 'gb', STORE_CURRENCY: 'gbp' });
    const buyer = await newBuyer(t);
    const paid = await buyWithTestCard(
      t,
      buyer.cookie,
      { items: [{ id: artworkId, quantity: 1 }], email: buyer.email },
      { country: 'GB', cardNumber: BRITISH_CARD },
    );
    expect(await orderOf(t, paid.paymentIntentId)).toMatchObject({
      amount_cents: 2280,
      tax_cents: 380,
      currency: 'gbp',
    });
  });

  it('gives a French business with a valid VAT number the reverse charge, and says so on the invoice', async () => {
    const { t, artworkId } = await store({ TAX_REGISTRATIONS: 'eu' });
    const buyer = await newBuyer(t);
    const viesAsked = vies.requests.length;
    const paid = await buyWithTestCard(
      t,
      buyer.cookie,
      { items: [{ id: artworkId, quantity: 1 }], email: buyer.email, vatNumber: 'fr 40 303 265 045' },
      { country: 'FR', cardNumber: FRENCH_CARD },
    );
    const order = await orderOf(t, paid.paymentIntentId);
    expect(order).toMatchObject({
      amount_cents: 1900,
      tax_cents: 0,
      tax_treatment: 'reverse-charge',
      tax_country: 'FR',
      vat_number: FRENCH_BUSINESS,
      vat_number_checked_by: 'vies',
    });
    const [invoice] = await invoiceOf(t, order.id);
    expect(JSON.parse(invoice!.content)).toMatchObject({
      buyer: { vatNumber: FRENCH_BUSINESS },
      notes: [expect.stringMatching(/^Reverse charge/)],
    });
    // Asked when the order was made; the card's step used the answer the store kept.
    expect(vies.requests.slice(viesAsked)).toEqual([{ countryCode: 'FR', vatNumber: '40303265045' }]);
  });

  it('charges VAT, and says why, when VIES does not know the number or cannot be reached; refuses a malformed one', async () => {
    const { t, artworkId } = await store({ TAX_REGISTRATIONS: 'eu' });
    const quote = (vatNumber: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: { items: [{ id: artworkId, quantity: 1 }], country: 'FR', vatNumber },
      });
    // Valid check digits, unknown to the VIES test server.
    const unknown = (await quote('FR83404833048')).json<CartQuote>();
    expect(unknown.tax).toMatchObject({ amount: 380, treatment: 'vat', notice: BUSINESS_BUYER_NOTICES.viesInvalid });
    vies.setDown(true);
    try {
      const down = (await quote(FRENCH_BUSINESS)).json<CartQuote>();
      expect(down.tax).toMatchObject({ amount: 380, notice: BUSINESS_BUYER_NOTICES.viesUnavailable });
    } finally {
      vies.setDown(false);
    }
    const malformed = await quote('FR12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ details: { vatNumber: [expect.any(String)] } });
  });

  it('applies a discount before tax, and a refund makes a credit note that takes back its share of the tax', async () => {
    const { t, artworkId } = await store({ TAX_REGISTRATIONS: 'eu' });
    await insertTestDiscount(t.db, { code: 'TENOFF', percent_off: 10 });
    const buyer = await newBuyer(t);
    const owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    const paid = await buyWithTestCard(
      t,
      buyer.cookie,
      { items: [{ id: artworkId, quantity: 1 }], email: buyer.email, code: 'TENOFF' },
      { country: 'DE', cardNumber: GERMAN_CARD },
    );
    const order = await orderOf(t, paid.paymentIntentId);
    // 19.00 − 1.90 = 17.10; 19 % of it is 3.249 → 3.25.
    expect(order).toMatchObject({ subtotal_cents: 1900, discount_cents: 190, tax_cents: 325, amount_cents: 2035 });

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.order_number}/refund`,
      payload: { amount: 1000 },
      headers: { cookie: owner },
    });
    expect(refund.statusCode).toBeLessThan(300);
    await expect.poll(async () => (await invoiceOf(t, order.id)).length).toBe(2);
    const [invoice, creditNote] = await invoiceOf(t, order.id);
    expect(creditNote).toMatchObject({ kind: 'credit_note', invoice_id: invoice!.id, total_cents: -1000 });
    // 10.00 of 20.35 back: 10.00 × 3.25 / 20.35 = 1.597 → 1.60 of tax.
    expect(creditNote!.tax_cents).toBe(-160);
    expect(creditNote!.display_number).toBe('CN-000001');
  });

  it('charges nothing and shows no VAT line in a store without registrations, as before', async () => {
    const { t, artworkId } = await store({});
    const buyer = await newBuyer(t);
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: { items: [{ id: artworkId, quantity: 1 }], country: 'DE' },
      })
    ).json<CartQuote>();
    expect(quote).toMatchObject({ tax: null, total: 1900 });
    const paid = await buyWithTestCard(
      t,
      buyer.cookie,
      { items: [{ id: artworkId, quantity: 1 }], email: buyer.email },
      { country: 'DE', cardNumber: '4242424242424242' },
    );
    const order = await orderOf(t, paid.paymentIntentId);
    expect(order).toMatchObject({
      amount_cents: 1900,
      tax_cents: 0,
      tax_treatment: null,
      billing_country: 'DE',
      card_country: 'US',
    });
    const [invoice] = await invoiceOf(t, order.id);
    expect(invoice).toMatchObject({ display_number: 'INV-000001', tax_cents: 0, total_cents: 1900 });
  });
});
