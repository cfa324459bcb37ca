import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import type { TaxDocumentContent } from '#shared/taxes/tax-document.ts';
import { quarterOf } from '#shared/taxes/tax-report.ts';
import type { TaxReport } from '#shared/taxes/tax-report-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { startStripeCheckout, BUYER_EMAIL, type StripeCheckout } from '#test-support/stripe-checkout.ts';
import { givePrivateMaster } from '#test-support/private-master.ts';
import { TAXED_STORE } from '#test-support/tax-orders.ts';
import { testCardIssuedIn } from '#test-support/tax-settings.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

type Library = { orders: Array<{ items: Array<{ itemId: number; title: string; certificateNumber: string }> }> };

// The owner refunds one line of an order (decision 0071): a set bought whole, with its pieces' lines, then the
// rest. Each step is checked where it shows: the provider's refund, the lines, the downloads and certificates, the
// credit note, the buyer's e-mail, the OSS report and the sales.
describe.each(TEST_ENGINES)('refunding one line of an order, on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let buyer: string;
  let pieceIds: number[];
  let loneId: number;
  let set: OwnerSet;

  beforeAll(async () => {
    t = await createTestApp(engine, TAXED_STORE);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    const ids = await insertTestArtworks(t.db, [
      { title: 'North', price: 12.99, format: 'PNG' },
      { title: 'South', price: 7.45, format: 'PNG' },
      { title: 'East', price: 3.33, format: 'PNG' },
      { title: 'Lone Pine', price: 9.5, format: 'PNG' },
    ]);
    pieceIds = ids.slice(0, 3);
    loneId = ids[3]!;
    for (const id of ids) await givePrivateMaster(t, id, `master-${id}.png`, Buffer.from(`file ${id}`));
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sets',
      payload: { title: 'Compass', artworkIds: pieceIds, percentOff: 17 },
      headers: { cookie: owner },
    });
    expect(made.statusCode, made.body).toBe(201);
    set = made.json<OwnerSet>();
  });
  afterAll(() => t.close());

  const refundLine = (orderNumber: string, payload: object, cookie = owner) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/refund-line`,
      payload,
      headers: { cookie },
    });
  const library = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie: buyer } })).json<Library>();
  const download = (itemId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/downloads/${itemId}`,
      payload: { format: 'png' },
      headers: { cookie: buyer },
    });
  const certificate = async (number: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/licences/${number}` })).json<{ valid: boolean }>();
  const documentsOf = async (orderId: number) =>
    (
      await t.db
        .selectFrom('tax_documents')
        .select(['kind', 'content', 'net_cents', 'tax_cents', 'total_cents'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, content: JSON.parse(row.content) as TaxDocumentContent }));
  const franceRow = async () => {
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tax/report?quarter=${quarterOf(new Date())}`,
      headers: { cookie: owner },
    });
    expect(report.statusCode, report.body).toBe(200);
    return report.json<TaxReport>().rows.find((row) => row.country === 'FR');
  };

  it('refunds a set’s lines alone, once, and then the rest', async () => {
    const paid = await buyWithTestCard(
      t,
      buyer,
      { items: [{ id: loneId, quantity: 1 }], sets: [{ setId: set.id }], email: 'buyer@shop.test' },
      { country: 'FR', cardNumber: testCardIssuedIn('FR') },
    );
    const items = await t.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', paid.orderId)
      .orderBy('id')
      .execute();
    const setLines = items.filter((item) => item.set_id === set.id);
    const lone = items.find((item) => item.set_id === null)!;
    expect(setLines.map((line) => line.artwork_id)).toEqual(pieceIds);
    const setCharged = setLines.reduce((sum, line) => sum + line.net_cents + line.tax_cents, 0);
    const before = await library();
    const certificates = new Map(before.orders[0]!.items.map((item) => [item.itemId, item.certificateNumber]));
    expect(certificates.size).toBe(4);
    const reportBefore = (await franceRow())!;

    // Refused: the buyer; a piece of the set on its own; a set not in the order; both or neither named.
    expect((await refundLine(paid.orderNumber, { setId: set.id }, buyer)).statusCode).toBe(403);
    const piece = await refundLine(paid.orderNumber, { itemId: setLines[0]!.id });
    expect(piece.statusCode).toBe(409);
    expect(piece.json().error).toMatch(/itemId/);
    expect((await refundLine(paid.orderNumber, { setId: set.id + 999 })).statusCode).toBe(404);
    const both = await refundLine(paid.orderNumber, { setId: set.id, itemId: lone.id });
    expect(both.statusCode).toBe(400);
    expect(both.body).toMatch(/itemId/);
    expect((await refundLine(paid.orderNumber, {})).statusCode).toBe(400);

    // A double click: the same set twice at once is refunded once, for exactly what its lines were charged.
    const [first, second] = await Promise.all([
      refundLine(paid.orderNumber, { setId: set.id }),
      refundLine(paid.orderNumber, { setId: set.id }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const again = await refundLine(paid.orderNumber, { setId: set.id });
    expect(again.statusCode, again.body).toBe(200);
    const detail = again.json<AdminOrderDetail>();
    expect(detail).toMatchObject({ status: 'partially_refunded', refunded: setCharged });
    expect(detail.items.filter((item) => item.refunded).map((item) => item.itemId)).toEqual(
      setLines.map((line) => line.id),
    );
    expect(detail.items.find((item) => item.itemId === lone.id)?.refunded).toBeUndefined();
    const intent = await t.db
      .selectFrom('test_payment_intents')
      .select('amount_refunded')
      .where('id', '=', paid.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(intent.amount_refunded).toBe(setCharged);
    const asked = await t.db.selectFrom('line_refunds').selectAll().where('order_id', '=', paid.orderId).execute();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ line_key: `set:${set.id}`, amount_cents: setCharged });

    // Each piece of the set is revoked, and nothing else of the order.
    for (const line of setLines) {
      const refused = await download(line.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatch(/refunded/);
      expect((await certificate(certificates.get(line.id)!)).valid).toBe(false);
    }
    expect((await download(lone.id)).statusCode).toBe(200);
    expect((await certificate(certificates.get(lone.id)!)).valid).toBe(true);
    expect((await library()).orders[0]!.items.map((item) => item.itemId)).toEqual([lone.id]);

    // One credit note, holding the set's lines only, as invoiced, adding up to what was refunded.
    const documents = await documentsOf(paid.orderId);
    const [invoice, note] = documents;
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect(note!.content.lines.map((line) => line.title)).toEqual(['North', 'South', 'East']);
    for (const [index, line] of note!.content.lines.entries()) {
      expect(line.netCents).toBe(setLines[index]!.net_cents);
      expect(line.taxCents).toBe(setLines[index]!.tax_cents);
    }
    const sum = (pick: (line: TaxDocumentContent['lines'][number]) => number) =>
      note!.content.lines.reduce((total, line) => total + pick(line), 0);
    expect(note!.content.totals).toMatchObject({
      netCents: sum((line) => line.netCents),
      taxCents: sum((line) => line.taxCents),
      totalCents: setCharged,
    });
    expect(note!.total_cents).toBe(-setCharged);
    expect(note!.net_cents + note!.tax_cents).toBe(-setCharged);

    // The buyer is told what was refunded, with the credit note.
    const mail = await waitForMail(t.dataDir, 'buyer@shop.test', /Refund/);
    expect(mail.text).toContain('“North”, “South”, “East”');
    expect(mail.text).toContain(note!.content.number);

    // The OSS report takes back exactly the pieces' net and tax.
    const reportAfter = (await franceRow())!;
    const setNet = setLines.reduce((total, line) => total + line.net_cents, 0);
    const setTax = setLines.reduce((total, line) => total + line.tax_cents, 0);
    expect(reportAfter.netCents).toBe(reportBefore.netCents - setNet);
    expect(reportAfter.taxCents).toBe(reportBefore.taxCents - setTax);
    expect(reportAfter.creditNotes).toBe(reportBefore.creditNotes + 1);

    // A full refund afterwards pays back only what remains; the credit notes then add up to the invoice.
    const full = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderNumber}/refund`,
      payload: {},
      headers: { cookie: owner },
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json<AdminOrderDetail>()).toMatchObject({ status: 'refunded', refunded: detail.amount });
    const refundedAtProvider = await t.db
      .selectFrom('test_payment_intents')
      .select('amount_refunded')
      .where('id', '=', paid.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(refundedAtProvider.amount_refunded).toBe(detail.amount);
    const notes = (await documentsOf(paid.orderId)).filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    expect(notes[1]!.total_cents).toBe(-(lone.net_cents + lone.tax_cents));
    expect(notes.reduce((total, d) => total + d.net_cents, 0)).toBe(-invoice!.net_cents);
    expect(notes.reduce((total, d) => total + d.tax_cents, 0)).toBe(-invoice!.tax_cents);
    // A line of a refunded order cannot be refunded again.
    expect((await refundLine(paid.orderNumber, { itemId: lone.id })).statusCode).toBe(409);
  });

  it('makes the order refunded when its last line is refunded, and the sales count what is left', async () => {
    const paid = await buyWithTestCard(
      t,
      buyer,
      { items: [{ id: loneId, quantity: 2 }], email: 'buyer@shop.test' },
      { country: 'FR', cardNumber: testCardIssuedIn('FR') },
    );
    const refunded = await refundLine(paid.orderNumber, { itemId: paid.itemId });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const detail = refunded.json<AdminOrderDetail>();
    expect(detail).toMatchObject({ status: 'refunded', refunded: detail.amount });
    expect(detail.items[0]).toMatchObject({ itemId: paid.itemId, refunded: true, charged: detail.amount });
    expect((await download(paid.itemId)).statusCode).toBe(403);

    const sales = (await t.app.inject({ method: 'GET', url: '/api/admin/sales', headers: { cookie: owner } })).json<{
      revenue: { allTime: number };
      topArtworks: Array<{ artworkId: number; revenue: number }>;
    }>();
    const orders = await t.db.selectFrom('orders').select(['amount_cents', 'refunded_cents']).execute();
    expect(sales.revenue.allTime).toBe(orders.reduce((sum, o) => sum + o.amount_cents - o.refunded_cents, 0));
    // Every line sold is refunded by now: no best seller is left.
    expect(sales.topArtworks).toEqual([]);
  });
});

// Through Stripe (its API answered by the loopback protocol server): the refund asked of Stripe is the line's amount,
// made once, and Stripe's charge.refunded about it afterwards changes nothing.
describe.each(TEST_ENGINES)('refunding one line through Stripe, on %s', (engine) => {
  let t: StripeCheckout;
  let owner: string;
  let secondId: number;

  beforeAll(async () => {
    t = await startStripeCheckout(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    [secondId] = (await insertTestArtworks(t.db, [{ title: 'Salt Flats', price: 7.5 }])) as [number];
  });
  afterAll(() => t.close());

  it('asks Stripe for exactly the line’s amount, once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: {
        items: [
          { id: t.artworkId, quantity: 1 },
          { id: secondId, quantity: 1 },
        ],
        email: BUYER_EMAIL,
      },
      headers: { cookie: t.buyer },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { paymentIntentId } = created.json<{ paymentIntentId: string }>();
    t.stripe.succeedIntent(paymentIntentId);
    expect((await t.deliver(t.stripe.eventFor('payment_intent.succeeded', paymentIntentId))).statusCode).toBe(200);
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('payment_intent_id', '=', paymentIntentId)
      .executeTakeFirstOrThrow();
    const line = await t.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('artwork_id', '=', secondId)
      .executeTakeFirstOrThrow();

    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.order_number}/refund-line`,
        payload: { itemId: line.id },
        headers: { cookie: owner },
      });
    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const refunds = [...t.stripe.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);
    expect(refunds.map((r) => r.amount)).toEqual([line.net_cents + line.tax_cents]);
    expect(line.net_cents + line.tax_cents).toBe(750);
    expect(await t.deliver(t.stripe.eventFor('charge.refunded', paymentIntentId))).toMatchObject({ statusCode: 200 });
    const after = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'partially_refunded', refunded_cents: 750 });
    const refunded = await t.db
      .selectFrom('order_items')
      .select(['id', 'line_refund_id'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(refunded.map((item) => item.line_refund_id !== null)).toEqual([false, true]);
  });
});
