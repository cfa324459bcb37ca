import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderList } from '#shared/orders/checkout-schema.ts';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { pdfText } from '#test-support/pdf-text.ts';
import { TAXED_STORE } from '#test-support/tax-orders.ts';
import { testCardIssuedIn } from '#test-support/tax-settings.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// A set's name on what the buyer keeps (decision 0073): the receipt, the order page and the invoice head the set's
// lines with "Set: <title>", the title as it was when bought, whatever the owner renames the set to later.
describe.each(TEST_ENGINES)("the set's name on the receipt and the invoice, on %s", (engine) => {
  let t: TestApp;
  let owner: string;
  let buyer: string;
  let ids: number[];
  let alone: number | undefined;
  let set: OwnerSet;
  let orderNumber: string;

  beforeAll(async () => {
    t = await createTestApp(engine, TAXED_STORE, { printPacks: { enabled: false } });
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    [alone, ...ids] = await insertTestArtworks(t.db, [
      { title: 'Lone Pine', price: 5 },
      { title: 'North', price: 12 },
      { title: 'South', price: 8 },
    ]);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sets',
      payload: { title: 'Compass', artworkIds: ids, percentOff: 10 },
      headers: { cookie: owner },
    });
    expect(made.statusCode, made.body).toBe(201);
    set = made.json<OwnerSet>();
    const paid = await buyWithTestCard(
      t,
      buyer,
      { items: [{ id: alone!, quantity: 1 }], sets: [{ setId: set.id }], email: 'buyer@shop.test' },
      { country: 'FR', cardNumber: testCardIssuedIn('FR') },
    );
    orderNumber = paid.orderNumber;
    // The owner renames the set after the sale: what the buyer keeps still names it as bought.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/sets/${set.id}`,
      payload: { title: 'Four Winds', artworkIds: ids, percentOff: 10 },
      headers: { cookie: owner },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  it('keeps the title on each of the set’s lines, and none on the artwork bought alone', async () => {
    const lines = await t.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.artwork_id', 'order_items.set_id', 'order_items.set_title'])
      .where('orders.order_number', '=', orderNumber)
      .orderBy('order_items.id')
      .execute();
    expect(lines).toEqual([
      { artwork_id: alone, set_id: null, set_title: null },
      { artwork_id: ids[0], set_id: set.id, set_title: 'Compass' },
      { artwork_id: ids[1], set_id: set.id, set_title: 'Compass' },
    ]);
  });

  it('heads the set’s lines with its name on the receipt e-mail', async () => {
    const receipt = await waitForMail(t.dataDir, 'buyer@shop.test', /receipt/i, 30_000);
    const text = receipt.text ?? '';
    const lines = text.split('\n');
    const heading = lines.indexOf('Set: Compass');
    expect(heading, text).toBeGreaterThan(0);
    expect(lines[heading + 1]).toMatch(/^ {2}1 × North by /);
    expect(lines.slice(heading + 1).find((line) => line.includes('South'))).toMatch(/^ {2}1 × South by /);
    // The artwork bought alone is not under the set.
    expect(lines.findIndex((line) => line.includes('Lone Pine'))).toBeLessThan(heading);
    expect(text).not.toContain('Four Winds');
    expect(receipt.html).toContain('<strong>Set: Compass</strong>');
  });

  it('names the set on the order page’s lines and on the invoice PDF, as bought', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/orders/buyer@shop.test',
      headers: { cookie: buyer },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const order = answer.json<OrderList>().orders.find((o) => o.orderNumber === orderNumber)!;
    expect(order.items.map((line) => [line.title, line.setId ?? null, line.setTitle ?? null])).toEqual([
      ['Lone Pine', null, null],
      ['North', set.id, 'Compass'],
      ['South', set.id, 'Compass'],
    ]);

    const invoice = order.documents.find((document) => document.kind === 'invoice')!;
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/tax-documents/${encodeURIComponent(invoice.number)}`,
      headers: { cookie: buyer },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ lines: Array<{ setTitle?: string }> }>().lines.map((line) => line.setTitle ?? null)).toEqual([
      null,
      'Compass',
      'Compass',
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/tax-documents/${encodeURIComponent(invoice.number)}/pdf`,
      headers: { cookie: buyer },
    });
    expect(pdf.statusCode).toBe(200);
    const words = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(words).toContain('Set: Compass');
    expect(words).not.toContain('Four Winds');
    // As printed, line by line (blank lines left out): the heading after the artwork bought alone, right above its pieces.
    const printed = (await pdfText(pdf.rawPayload, { layout: true }))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const at = (start: string) => printed.findIndex((line) => line.startsWith(start));
    expect(at('Lone Pine —')).toBeGreaterThan(-1);
    expect(at('Set: Compass'), printed.join('\n')).toBe(at('Lone Pine —') + 1);
    expect(at('North —')).toBe(at('Set: Compass') + 1);
    expect(at('South —')).toBe(at('North —') + 1);
  });
});
