import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownOrderNumber } from '#shared/orders/checkout.ts';
import type { OrderList } from '#shared/orders/checkout-schema.ts';
import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';
import type { TaxDocumentContent } from '#shared/taxes/tax-document.ts';
import { REVERSE_CHARGE_NOTE } from '#shared/taxes/tax-document.ts';
import { formatDocumentMoney, TAX_DOCUMENT_NOT_FOUND } from '#shared/taxes/tax-document-format.ts';
import type { TaxDocumentRef } from '#shared/taxes/tax-document-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { pdfText } from '#test-support/pdf-text.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

const SELLER = {
  SELLER_NAME: 'Pracownia Łąka sp. z o.o.',
  SELLER_ADDRESS: 'ul. Długa 5, 00-238 Warszawa',
  SELLER_COUNTRY: 'PL',
  SELLER_TAX_ID: 'PL5260001246',
};
const BUYER_EMAIL = 'lukasz@shop.test';

describe.each(TEST_ENGINES)('invoices and credit notes on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let owner: string;
  let plain: { orderNumber: string; paymentIntentId: string; invoice: string };
  let artworks: number[];

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const documentOf = (number: string, cookie?: string) =>
    get(`/api/tax-documents/${encodeURIComponent(number)}`, cookie);
  const pdfOf = (number: string, cookie?: string) =>
    get(`/api/tax-documents/${encodeURIComponent(number)}/pdf`, cookie);
  /** The PDF's text, its lines joined: a table's cell may wrap. */
  const pdfWords = async (number: string, cookie?: string) =>
    (await pdfText((await pdfOf(number, cookie)).rawPayload)).replace(/\s+/g, ' ');
  const history = async (cookie = buyer, email = BUYER_EMAIL) =>
    (await get(`/api/orders/${encodeURIComponent(email)}`, cookie)).json<OrderList>().orders;
  const documentsOf = async (orderNumber: string): Promise<TaxDocumentRef[]> =>
    (await history()).find((order) => order.orderNumber === orderNumber)!.documents;
  const refund = (orderNumber: string, amount?: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/refund`,
      payload: amount === undefined ? {} : { amount },
      headers: { cookie: owner },
    });

  /** What the order's lines were charged, as the checkout wrote them (order_items.net_cents and tax_cents). */
  async function chargedLines(orderNumber: string) {
    const lines = await t.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.net_cents', 'i.tax_cents'])
      .where('o.order_number', '=', orderNumber)
      .execute();
    return {
      netCents: lines.reduce((sum, line) => sum + line.net_cents, 0),
      taxCents: lines.reduce((sum, line) => sum + line.tax_cents, 0),
    };
  }

  /**
   * A paid order whose lines carry VAT, bought as buyWithTestCard buys, with one step between pricing and paying:
   * until the checkout charges tax itself (the lead's work on priceCart), the test writes the tax onto the pending
   * order — orders.tax_cents, tax_country, tax_treatment, prices_include_tax and each line's net, tax and rate —
   * keeping amount_cents as priced (prices include the tax here), so the payment still matches the order.
   */
  async function buyTaxed(lines: Array<{ id: number; rateBp: number }>, treatment: 'vat' | 'reverse-charge' = 'vat') {
    const cart = { items: lines.map(({ id }) => ({ id, quantity: 1 })), email: BUYER_EMAIL };
    const intent = (
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { ...cart, firstName: 'Łukasz', lastName: 'Żółć' },
        headers: { cookie: buyer },
      })
    ).json<{ clientSecret: string; paymentIntentId: string }>();
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('payment_intent_id', '=', intent.paymentIntentId)
      .executeTakeFirstOrThrow();
    const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    let taxTotal = 0;
    for (const item of items) {
      const rateBp = treatment === 'vat' ? lines.find((line) => line.id === item.artwork_id)!.rateBp : 0;
      // Tax inside the price: net = total / (1 + rate), half up.
      const net = Math.round((item.line_total_cents * 10_000) / (10_000 + rateBp));
      taxTotal += item.line_total_cents - net;
      await t.db
        .updateTable('order_items')
        .set({ net_cents: net, tax_cents: item.line_total_cents - net, tax_rate_bp: rateBp })
        .where('id', '=', item.id)
        .execute();
    }
    await t.db
      .updateTable('orders')
      .set({
        tax_cents: taxTotal,
        tax_country: 'DE',
        tax_scheme: 'oss',
        tax_treatment: treatment,
        prices_include_tax: 1,
        billing_country: 'DE',
        card_country: 'AT',
        country_confirmed: 1,
        vat_number: treatment === 'reverse-charge' ? 'DE811907980' : null,
        vat_number_checked_by: treatment === 'reverse-charge' ? 'vies' : null,
      })
      .where('id', '=', order.id)
      .execute();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      payload: {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123', name: 'Łukasz' },
        billing: { postalCode: '10115', country: 'DE' },
      },
      headers: { cookie: buyer },
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/confirm',
      payload: { paymentIntentId: intent.paymentIntentId },
      headers: { cookie: buyer },
    });
    expect(confirmed.json<{ status: string }>().status, confirmed.body).toBe('paid');
    const [invoice] = await documentsOf(order.order_number);
    return { orderNumber: order.order_number, amount: order.amount_cents, invoice: invoice!.number };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, SELLER);
    buyer = await signedInCookie(t.app, t.db, BUYER_EMAIL, 'customer');
    other = await signedInCookie(t.app, t.db, 'someone-else@shop.test', 'customer');
    owner = await signedInCookie(t.app, t.db, 'invoice-owner@shop.test', 'admin');
    artworks = await insertTestArtworks(t.db, [
      { title: 'Wisła at Dawn', artist: 'Anna Nowak', price: 9 },
      { title: 'Harbour Lights', artist: 'Ira Koval', price: 11.9 },
      { title: 'Small Hours', artist: 'Ira Koval', price: 10.7 },
      { title: 'Given Back', artist: 'Anna Nowak', price: 20 },
    ]);
    // A plain purchase, as the checkout makes it today: no tax.
    const bought = await buyWithTestCard(t, buyer, {
      items: [{ id: artworks[0]!, quantity: 2 }],
      email: BUYER_EMAIL,
      firstName: 'Łukasz',
      lastName: 'Żółć',
    });
    const [invoice] = await documentsOf(bought.orderNumber);
    plain = { orderNumber: bought.orderNumber, paymentIntentId: bought.paymentIntentId, invoice: invoice!.number };
  });
  afterAll(() => t.close());

  it('lists the invoice of a paid order in the buyer’s order history, numbered from INV-000001', async () => {
    const [order] = await history();
    expect(order!.documents).toEqual([{ kind: 'invoice', number: 'INV-000001', issuedAt: expect.any(String) }]);
    expect(plain.invoice).toBe('INV-000001');
    expect(new Date(order!.documents[0]!.issuedAt).getTime()).toBe(new Date(order!.paidAt!).getTime());
  });

  it('gives the buyer the invoice as issued: seller, buyer, the lines and the totals, kept from every cache', async () => {
    const response = await documentOf(plain.invoice, buyer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const invoice = response.json<TaxDocumentContent>();
    const charged = await chargedLines(plain.orderNumber);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: 'INV-000001',
      currency: 'usd',
      invoice: null,
      seller: { name: SELLER.SELLER_NAME, address: SELLER.SELLER_ADDRESS, country: 'PL', taxId: SELLER.SELLER_TAX_ID },
      buyer: { name: 'Łukasz Żółć', email: BUYER_EMAIL, vatNumber: null },
      order: { number: plain.orderNumber, paidWith: 'Visa ••4242' },
      lines: [
        {
          title: 'Wisła at Dawn',
          artist: 'Anna Nowak',
          licence: 'personal',
          quantity: 2,
          amountCents: 1800,
          netCents: charged.netCents,
          taxCents: charged.taxCents,
          totalCents: charged.netCents + charged.taxCents,
        },
      ],
      totals: {
        subtotalCents: 1800,
        discountCents: 0,
        netCents: charged.netCents,
        taxCents: charged.taxCents,
        totalCents: charged.netCents + charged.taxCents,
      },
      pricesIncludeTax: false,
    });
  });

  it('prints the invoice as a PDF: its number, the seller, the buyer (as written), the lines and the totals', async () => {
    const response = await pdfOf(plain.invoice, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
    const charged = await chargedLines(plain.orderNumber);
    for (const expected of [
      'Invoice',
      'INV-000001',
      SELLER.SELLER_NAME,
      SELLER.SELLER_ADDRESS,
      'Poland',
      SELLER.SELLER_TAX_ID,
      'Łukasz Żółć',
      BUYER_EMAIL,
      `Order ${plain.orderNumber}`,
      'with Visa ••4242',
      'Wisła at Dawn — Anna Nowak',
      'Personal',
      formatDocumentMoney(charged.netCents + charged.taxCents, 'usd'),
      'Page 1 of 1',
    ])
      expect(text, expected).toContain(expected);
  });

  it('answers 404, the same words, to another customer, a signed-out visitor and a number never issued', async () => {
    const unknown = await documentOf('INV-999999', buyer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: TAX_DOCUMENT_NOT_FOUND });
    for (const response of [
      await documentOf(plain.invoice, other),
      await documentOf(plain.invoice),
      await pdfOf(plain.invoice, other),
      await pdfOf(plain.invoice),
      await pdfOf('INV-999999', buyer),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('shows the owner every document, and lists them on the owner’s order page', async () => {
    expect((await documentOf(plain.invoice, owner)).json<TaxDocumentContent>().number).toBe(plain.invoice);
    const pdf = await pdfOf(plain.invoice, owner);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Łukasz Żółć');
    const detail = (await get(`/api/admin/orders/${plain.orderNumber}`, owner)).json<AdminOrderDetail>();
    expect(detail.documents).toEqual([{ kind: 'invoice', number: plain.invoice, issuedAt: expect.any(String) }]);
  });

  it('links the invoice from the receipt e-mail, in its text and its HTML', async () => {
    const subject = new RegExp(`Your receipt for order #${shownOrderNumber(plain.paymentIntentId)}`);
    const mail = await waitForMail(t.dataDir, BUYER_EMAIL, subject);
    const url = `${t.config.publicUrl}/invoices/${plain.invoice}`;
    expect(mail.text).toContain(`Invoice ${plain.invoice}: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
  });

  it('prints what the content holds of VAT: several rates, the evidence, prices including it', async () => {
    const taxed = await buyTaxed([
      { id: artworks[1]!, rateBp: 1900 },
      { id: artworks[2]!, rateBp: 700 },
    ]);
    const invoice = (await documentOf(taxed.invoice, buyer)).json<TaxDocumentContent>();
    expect(invoice.rates).toEqual([
      { country: 'DE', treatment: 'vat', rateBp: 1900, netCents: 1000, taxCents: 190 },
      { country: 'DE', treatment: 'vat', rateBp: 700, netCents: 1000, taxCents: 70 },
    ]);
    expect(invoice.totals).toMatchObject({ netCents: 2000, taxCents: 260, totalCents: 2260 });
    const text = await pdfWords(taxed.invoice, buyer);
    for (const expected of [
      'Germany',
      'VAT 19 %',
      'VAT 7 %',
      '$1.90',
      '$0.70',
      '$2.60',
      '$22.60',
      'Prices include VAT.',
      'billing address in Germany',
      'card issued in Austria',
      'country confirmed by the buyer',
    ])
      expect(text, expected).toContain(expected);
  });

  it('prints a business buyer’s VAT number and the reverse charge’s words', async () => {
    const taxed = await buyTaxed([{ id: artworks[1]!, rateBp: 0 }], 'reverse-charge');
    const invoice = (await documentOf(taxed.invoice, buyer)).json<TaxDocumentContent>();
    expect(invoice.buyer.vatNumber).toBe('DE811907980');
    expect(invoice.notes).toEqual([REVERSE_CHARGE_NOTE]);
    const text = await pdfWords(taxed.invoice, buyer);
    expect(text).toContain('VAT number: DE811907980');
    expect(text).toContain('Reverse charge');
    expect(text).toContain(REVERSE_CHARGE_NOTE);
    expect(text).toContain('VAT number checked in VIES');
  });

  it('issues a credit note for a partial refund that refers to the invoice, and one for the rest: together they take back the invoice', async () => {
    const taxed = await buyTaxed([
      { id: artworks[1]!, rateBp: 1900 },
      { id: artworks[2]!, rateBp: 700 },
    ]);
    const invoice = (await documentOf(taxed.invoice, buyer)).json<TaxDocumentContent>();

    expect((await refund(taxed.orderNumber, 1001)).statusCode).toBe(200);
    const afterPartial = await documentsOf(taxed.orderNumber);
    expect(afterPartial.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const first = (await documentOf(afterPartial[1]!.number, buyer)).json<TaxDocumentContent>();
    expect(first).toMatchObject({ kind: 'credit_note', invoice: { number: taxed.invoice } });
    expect(first.number).toMatch(/^CN-\d{6}$/);
    expect(first.totals.totalCents).toBe(1001);
    expect(first.totals.netCents + first.totals.taxCents).toBe(1001);
    const text = await pdfWords(first.number, buyer);
    expect(text).toContain('Credit note');
    expect(text).toContain(first.number);
    expect(text).toContain(`Refers to invoice ${taxed.invoice}`);
    expect(text).toContain('$10.01');
    const refundMail = await waitForMail(t.dataDir, BUYER_EMAIL, /Refund for order/);
    expect(refundMail.text).toContain(`Credit note ${first.number}: ${t.config.publicUrl}/invoices/${first.number}`);
    expect(refundMail.html).toContain(`/invoices/${first.number}`);

    expect((await refund(taxed.orderNumber)).statusCode).toBe(200);
    const numbers = (await documentsOf(taxed.orderNumber)).map((d) => d.number);
    expect(numbers).toHaveLength(3);
    const notes = await Promise.all(
      numbers.slice(1).map(async (n) => (await documentOf(n, buyer)).json<TaxDocumentContent>()),
    );
    const sum = (pick: (c: TaxDocumentContent) => number) => notes.reduce((total, note) => total + pick(note), 0);
    expect(sum((c) => c.totals.totalCents)).toBe(invoice.totals.totalCents);
    expect(sum((c) => c.totals.netCents)).toBe(invoice.totals.netCents);
    expect(sum((c) => c.totals.taxCents)).toBe(invoice.totals.taxCents);
    for (const rate of invoice.rates) {
      const credited = notes.flatMap((n) => n.rates).filter((r) => r.rateBp === rate.rateBp);
      expect(
        credited.reduce((total, r) => total + r.taxCents, 0),
        `${rate.rateBp}`,
      ).toBe(rate.taxCents);
    }
    // The newest credit note is the one the second refund's e-mail links.
    const mails = await waitForMail(t.dataDir, BUYER_EMAIL, /Refund for order/);
    expect(mails.text).toContain(`/invoices/${numbers[2]}`);
  });

  it('gives a credit note the same protection as an invoice', async () => {
    const bought = await buyWithTestCard(t, buyer, { items: [{ id: artworks[3]!, quantity: 1 }], email: BUYER_EMAIL });
    expect((await refund(bought.orderNumber, 500)).statusCode).toBe(200);
    const [, note] = await documentsOf(bought.orderNumber);
    expect((await documentOf(note!.number, buyer)).statusCode).toBe(200);
    expect((await documentOf(note!.number, other)).statusCode).toBe(404);
    expect((await pdfOf(note!.number)).statusCode).toBe(404);
    expect((await documentOf(note!.number, owner)).statusCode).toBe(200);
  });

  it('goes on over several pages for a long order, numbering each', async () => {
    const many = await insertTestArtworks(
      t.db,
      Array.from({ length: 60 }, (_, index) => ({
        title: `Study No. ${index + 1}`,
        artist: 'Ярослава Петренко',
        price: 3,
      })),
    );
    const bought = await buyWithTestCard(t, buyer, {
      items: many.map((id) => ({ id, quantity: 1 })),
      email: BUYER_EMAIL,
    });
    const [invoice] = await documentsOf(bought.orderNumber);
    const content = (await documentOf(invoice!.number, buyer)).json<TaxDocumentContent>();
    expect(content.lines).toHaveLength(60);
    const text = await pdfText((await pdfOf(invoice!.number, buyer)).rawPayload);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain(`Page 2 of ${pages.length}`);
    expect(words).toContain('Study No. 1 — Ярослава Петренко');
    expect(words).toContain('Study No. 60 — Ярослава Петренко');
    // The table's head again on the next page.
    expect(pages[1]).toContain('Licence');
  });
});

describe.each(TEST_ENGINES)('a document number with a slash in its prefix on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { INVOICE_PREFIX: 'INV/2026/', INVOICE_FIRST_NUMBER: '1042' });
  });
  afterAll(() => t.close());

  it('is one segment of its address, and a file name without the slash', async () => {
    const buyer = await signedInCookie(t.app, t.db, 'slash@shop.test', 'customer');
    const [artwork] = await insertTestArtworks(t.db, [{ price: 5 }]);
    await buyWithTestCard(t, buyer, { items: [{ id: artwork!, quantity: 1 }], email: 'slash@shop.test' });
    const [order] = (
      await t.app.inject({ url: '/api/orders/slash@shop.test', headers: { cookie: buyer } })
    ).json<OrderList>().orders;
    expect(order!.documents[0]!.number).toBe('INV/2026/001042');
    const encoded = encodeURIComponent('INV/2026/001042');
    const json = await t.app.inject({ url: `/api/tax-documents/${encoded}`, headers: { cookie: buyer } });
    expect(json.statusCode, json.body).toBe(200);
    const pdf = await t.app.inject({ url: `/api/tax-documents/${encoded}/pdf`, headers: { cookie: buyer } });
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="INV-2026-001042.pdf"');
  });
});
