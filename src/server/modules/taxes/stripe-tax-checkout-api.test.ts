import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntentAnswer, PaymentMethodEvidenceAnswer } from '#shared/orders/checkout-schema.ts';
import { orderByIntent } from '#test-support/order-by-intent.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { BUYER_EMAIL, startStripeCheckout, type StripeCheckout } from '#test-support/stripe-checkout.ts';
import type { StoredTaxTransaction } from '#test-support/stripe-protocol-server.ts';
import { IRISH_SELLER, testCardIssuedIn } from '#test-support/tax-settings.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { startViesTestServer, type ViesTestServer } from '#test-support/vies-test-server.ts';

// Stripe Tax through the whole checkout with Stripe (STRIPE_TAX=true, the loopback Stripe API): the intent priced by
// Stripe's calculation for the billing country, taxed again by the card's country when the card form makes its
// payment method, paid through the signed webhook, invoiced with Stripe's cents and recorded at Stripe as a tax
// transaction; the owner's refunds then give credit notes here and reversals there that add up to the sale.

const SETTINGS = { STRIPE_TAX: 'true', TAX_REGISTRATIONS: 'eu', STORE_CURRENCY: 'eur', ...IRISH_SELLER };
const GERMAN_CARD = testCardIssuedIn('DE');
const FRENCH_CARD = testCardIssuedIn('FR');
// A French VAT number with valid check digits, which the VIES test server knows.
const FRENCH_BUSINESS = 'FR40303265045';
/** The artwork startStripeCheckout offers: 19.00 (in euros here). */
const PRICE_CENTS = 1900;

/** What a sale's or a reversal's lines add up to at Stripe: net amount, tax, and what the buyer paid (gross). */
function totalsOf(transaction: StoredTaxTransaction) {
  const amount = transaction.lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = transaction.lines.reduce((sum, line) => sum + line.amount_tax, 0);
  return { amount, tax, gross: amount + tax };
}

describe.each(TEST_ENGINES)('Stripe Tax through the Stripe checkout on %s', (engine) => {
  let t: StripeCheckout;
  let vies: ViesTestServer;
  let owner: string;

  beforeAll(async () => {
    vies = await startViesTestServer({ valid: [FRENCH_BUSINESS] });
    t = await startStripeCheckout(engine, { env: { ...SETTINGS, VIES_URL: vies.url } });
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
  });
  afterAll(async () => {
    await t.close();
    await vies.close();
  });

  const orderOf = (paymentIntentId: string) => orderByIntent(t.db, paymentIntentId);
  const documentsOf = (orderId: number) =>
    t.db.selectFrom('tax_documents').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const documentLinesOf = (documentId: number) =>
    t.db.selectFrom('tax_document_lines').selectAll().where('document_id', '=', documentId).execute();
  const saleOf = (reference: string) =>
    [...t.stripe.taxTransactions.values()].filter((tx) => tx.type === 'transaction' && tx.reference === reference);

  /** The checkout page's first step: the order and its intent, taxed by the billing country (and VAT number). */
  async function startCheckout(body: { country: string; vatNumber?: string }) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: t.artworkId, quantity: 1 }], email: BUYER_EMAIL, ...body },
      headers: { cookie: t.buyer },
    });
    expect(response.statusCode).toBe(200);
    return response.json<PaymentIntentAnswer>();
  }

  /** The card form's payment method (Stripe.js's createPaymentMethod), then the store taxes the order by it. */
  async function payWithCard(paymentIntentId: string, card: { number: string; country: string }) {
    const paymentMethodId = t.stripe.createPaymentMethod(card);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/payment-method',
      payload: { paymentIntentId, paymentMethodId },
      headers: { cookie: t.buyer },
    });
    expect(response.statusCode).toBe(200);
    return { paymentMethodId, answer: response.json<PaymentMethodEvidenceAnswer>() };
  }

  /** stripe.confirmPayment in the page, then Stripe's signed payment_intent.succeeded at the webhook. */
  async function confirmAndDeliver(paymentIntentId: string) {
    expect(t.stripe.confirmIntent(paymentIntentId)).toBe('succeeded');
    const delivered = await t.deliver(t.stripe.eventFor('payment_intent.succeeded', paymentIntentId));
    expect(delivered.statusCode).toBe(200);
  }

  async function refund(orderNumber: string, amount?: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/refund`,
      payload: amount === undefined ? {} : { amount },
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(200);
  }

  it("charges a German consumer Stripe Tax's 19 %, invoices it, records the sale and reverses each refund", async () => {
    // 19 % of 19.00 is 3.61, added to the price.
    const intent = await startCheckout({ country: 'DE' });
    expect(intent).toMatchObject({ amount: 2261, currency: 'eur', tax: { amount: 361, country: 'DE' } });
    expect(t.stripe.intents.get(intent.paymentIntentId)).toMatchObject({ amount: 2261, currency: 'eur' });
    const priced = await orderOf(intent.paymentIntentId);
    expect(t.stripe.taxCalculations.get(priced.tax_calculation_id ?? '')).toMatchObject({
      customer_details: { address: { country: 'DE' }, tax_ids: [] },
      tax_amount_exclusive: 361,
    });

    // The German card agrees with the billing address: the same tax, from a calculation of its own.
    const { paymentMethodId, answer } = await payWithCard(intent.paymentIntentId, {
      number: GERMAN_CARD,
      country: 'DE',
    });
    expect(answer).toMatchObject({ changed: false, amount: 2261, tax: { amount: 361, country: 'DE' } });
    const taxed = await orderOf(intent.paymentIntentId);
    expect(taxed).toMatchObject({
      status: 'pending',
      amount_cents: 2261,
      tax_cents: 361,
      tax_country: 'DE',
      tax_scheme: 'stripe-tax',
      tax_treatment: 'vat',
      billing_country: 'DE',
      card_country: 'DE',
      tax_transaction_id: null,
    });
    expect(taxed.tax_evidence_at).not.toBeNull();
    expect(taxed.tax_calculation_id).not.toBe(priced.tax_calculation_id);
    const calculation = t.stripe.taxCalculations.get(taxed.tax_calculation_id ?? '');
    expect(calculation).toMatchObject({ customer_details: { address: { country: 'DE' } }, amount_total: 2261 });
    expect(calculation?.lines).toMatchObject([{ amount: PRICE_CENTS, amount_tax: 361, tax_behavior: 'exclusive' }]);
    expect(t.stripe.intents.get(intent.paymentIntentId)).toMatchObject({
      amount: 2261,
      payment_method: paymentMethodId,
      status: 'requires_confirmation',
    });

    await confirmAndDeliver(intent.paymentIntentId);
    const paid = await orderOf(intent.paymentIntentId);
    expect(paid).toMatchObject({ status: 'paid', card_last4: GERMAN_CARD.slice(-4) });
    const [invoice, ...others] = await documentsOf(paid.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      currency: 'eur',
      net_cents: PRICE_CENTS,
      tax_cents: 361,
      total_cents: 2261,
    });
    expect(await documentLinesOf(invoice!.id)).toMatchObject([
      { country: 'DE', scheme: 'stripe-tax', treatment: 'vat', rate_bp: 1900, net_cents: PRICE_CENTS, tax_cents: 361 },
    ]);

    // Stripe Tax's record of the sale: one transaction, from the order's calculation, named by the order number.
    const sales = saleOf(paid.order_number);
    expect(sales).toHaveLength(1);
    const sale = sales[0]!;
    expect(paid.tax_transaction_id).toBe(sale.id);
    expect(sale.customer_details).toEqual(calculation?.customer_details);
    expect(sale.lines).toMatchObject([
      { amount: PRICE_CENTS, amount_tax: 361, reference: calculation?.lines[0]?.reference },
    ]);
    expect(totalsOf(sale)).toEqual({ amount: PRICE_CENTS, tax: 361, gross: 2261 });

    // A partial refund of 10.00: a credit note for its share of the tax (10.00 × 3.61 / 22.61 = 1.597 → 1.60), and
    // a partial reversal of the same amounts at Stripe. Stripe's charge.refunded afterwards changes nothing.
    await refund(paid.order_number, 1000);
    await expect(t.deliver(t.stripe.eventFor('charge.refunded', intent.paymentIntentId))).resolves.toMatchObject({
      statusCode: 200,
    });
    const [, firstNote, ...more] = await documentsOf(paid.id);
    expect(more).toEqual([]);
    expect(firstNote).toMatchObject({
      kind: 'credit_note',
      invoice_id: invoice!.id,
      total_cents: -1000,
      tax_cents: -160,
    });
    const [partial, ...laterReversals] = t.stripe.reversalsOf(sale.id);
    expect(laterReversals).toEqual([]);
    expect(partial).toMatchObject({ type: 'reversal', mode: 'partial', reference: `${paid.order_number}-refund-1000` });
    expect(totalsOf(partial!)).toEqual({ amount: -840, tax: -160, gross: -1000 });
    expect(await orderOf(intent.paymentIntentId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 1000 });

    // The rest refunded: a second credit note and a second reversal, which with the first undo the sale exactly.
    await refund(paid.order_number);
    const notes = (await documentsOf(paid.id)).filter((document) => document.kind === 'credit_note');
    expect(notes.map((note) => note.total_cents)).toEqual([-1000, -1261]);
    expect(notes.reduce((sum, note) => sum + note.tax_cents, 0)).toBe(-361);
    const reversals = t.stripe.reversalsOf(sale.id);
    expect(reversals).toHaveLength(2);
    expect(totalsOf(reversals[1]!).gross).toBe(-1261);
    const reversed = reversals
      .map(totalsOf)
      .reduce((sum, r) => ({ amount: sum.amount + r.amount, tax: sum.tax + r.tax, gross: sum.gross + r.gross }));
    expect(reversed).toEqual({ amount: -PRICE_CENTS, tax: -361, gross: -2261 });
    expect(await orderOf(intent.paymentIntentId)).toMatchObject({ status: 'refunded', refunded_cents: 2261 });
  });

  it("gives a French business with an EU VAT number Stripe's reverse charge: no tax, and the sale recorded so", async () => {
    const intent = await startCheckout({ country: 'FR', vatNumber: FRENCH_BUSINESS });
    expect(intent).toMatchObject({
      amount: PRICE_CENTS,
      tax: { amount: 0, treatment: 'reverse-charge', country: 'FR' },
    });
    expect(t.stripe.intents.get(intent.paymentIntentId)?.amount).toBe(PRICE_CENTS);

    const { answer } = await payWithCard(intent.paymentIntentId, { number: FRENCH_CARD, country: 'FR' });
    expect(answer).toMatchObject({ changed: false, amount: PRICE_CENTS });
    const taxed = await orderOf(intent.paymentIntentId);
    expect(taxed).toMatchObject({
      amount_cents: PRICE_CENTS,
      tax_cents: 0,
      tax_treatment: 'reverse-charge',
      tax_scheme: 'stripe-tax',
      tax_country: 'FR',
      vat_number: FRENCH_BUSINESS,
      vat_number_checked_by: 'vies',
    });
    // Stripe was told the buyer's VAT number, and it is Stripe's calculation that gave the reverse charge.
    const calculation = t.stripe.taxCalculations.get(taxed.tax_calculation_id ?? '');
    expect(calculation?.customer_details).toMatchObject({
      address: { country: 'FR' },
      tax_ids: [{ type: 'eu_vat', value: FRENCH_BUSINESS }],
    });
    expect(calculation?.lines[0]?.tax_breakdown).toMatchObject([{ taxability_reason: 'reverse_charge', amount: 0 }]);

    await confirmAndDeliver(intent.paymentIntentId);
    const paid = await orderOf(intent.paymentIntentId);
    expect(paid.status).toBe('paid');
    const [invoice] = await documentsOf(paid.id);
    expect(invoice).toMatchObject({ kind: 'invoice', net_cents: PRICE_CENTS, tax_cents: 0, total_cents: PRICE_CENTS });
    expect(await documentLinesOf(invoice!.id)).toMatchObject([
      { country: 'FR', treatment: 'reverse-charge', rate_bp: 0, tax_cents: 0 },
    ]);
    expect(JSON.parse(invoice!.content)).toMatchObject({
      buyer: { vatNumber: FRENCH_BUSINESS },
      notes: [expect.stringMatching(/^Reverse charge/)],
    });
    const [sale] = saleOf(paid.order_number);
    expect(paid.tax_transaction_id).toBe(sale?.id);
    expect(totalsOf(sale!)).toEqual({ amount: PRICE_CENTS, tax: 0, gross: PRICE_CENTS });
  });
});
