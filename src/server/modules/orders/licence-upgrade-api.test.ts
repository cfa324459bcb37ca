import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPGRADE_MESSAGES, upgradeLineLabel } from '#shared/licences/upgrades.ts';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import type { GuestLibrary } from '#shared/orders/guest-orders-schema.ts';
import type { TaxDocumentContent } from '#shared/taxes/tax-document.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { downloadLibraryItem } from '#test-support/download-library.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { pdfText } from '#test-support/pdf-text.ts';
import { TAXED_STORE } from '#test-support/tax-orders.ts';
import { testCardIssuedIn } from '#test-support/tax-settings.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// A Personal licence upgraded to Commercial (decision 0068): the difference of today's prices, through the one
// pricing path and order lifecycle: its own order line naming the line it upgrades, VAT per line, an invoice, a
// Commercial certificate; refused, naming the field, for a line that cannot be upgraded; undone by a refund.

const PUBLIC_URL = 'http://shop.test';

describe.each(TEST_ENGINES)('licence upgrades on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let buyer: string;
  let other: string;
  /** Bought under Personal: Harbour (9 → Commercial 40, raised to 50 before the upgrade), Meadow (no Commercial), Field (10/10). */
  let harbour: number;
  let meadow: number;
  let field: number;
  let ridge: number;
  let items: Record<'harbour' | 'meadow' | 'field' | 'ridge', number>;
  let othersItem: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { ...TAXED_STORE, GUEST_CHECKOUT: 'true', PUBLIC_URL });
    owner = await signedInCookie(t.app, t.db, 'upgrade-owner@shop.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'upgrader@shop.test', 'customer');
    other = await signedInCookie(t.app, t.db, 'someone-else@shop.test', 'customer');
    [harbour = 0, meadow = 0, field = 0, ridge = 0] = await insertTestArtworks(t.db, [
      { title: 'Harbour', price: 9, commercialPrice: 40 },
      { title: 'Meadow', price: 8 },
      { title: 'Field', price: 10, commercialPrice: 10 },
      { title: 'Ridge', price: 10, commercialPrice: 30 },
    ]);
    const bought = await buyWithTestCard(t, buyer, {
      items: [harbour, meadow, field, ridge].map((id) => ({ id, quantity: 1, licence: 'personal' as const })),
      email: 'upgrader@shop.test',
    });
    const lines = await t.db
      .selectFrom('order_items')
      .select(['id', 'artwork_id'])
      .where('order_id', '=', bought.orderId)
      .execute();
    const itemOf = (id: number) => lines.find((line) => line.artwork_id === id)!.id;
    items = { harbour: itemOf(harbour), meadow: itemOf(meadow), field: itemOf(field), ridge: itemOf(ridge) };
    othersItem = (
      await buyWithTestCard(t, other, {
        items: [{ id: harbour, quantity: 1, licence: 'personal' }],
        email: 'someone-else@shop.test',
      })
    ).itemId;
    // Today's prices are what count, not those the Personal licence was bought at.
    await t.db.updateTable('artworks').set({ commercial_price_cents: 5000 }).where('id', '=', harbour).execute();
  });
  afterAll(() => t.close());

  const quote = (upgrades: unknown[], cookie?: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { upgrades, ...extra },
      headers: cookie ? { cookie } : {},
    });

  it('offers the upgrade in the library at the difference of today’s prices, where a Commercial licence is sold', async () => {
    expect((await downloadLibraryItem(t.app, buyer, items.harbour)).upgrade).toEqual({ amount: 4100, currency: 'usd' });
    expect((await downloadLibraryItem(t.app, buyer, items.field)).upgrade).toEqual({ amount: 0, currency: 'usd' });
    expect((await downloadLibraryItem(t.app, buyer, items.meadow)).upgrade).toBeNull();
    const answer = await quote([{ itemId: items.harbour }], buyer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<CartQuote>().items).toEqual([
      expect.objectContaining({
        artworkId: harbour,
        licence: 'commercial',
        upgradeOfItemId: items.harbour,
        amount: 4100,
      }),
    ]);
  });

  it('sells the upgrade as its own Commercial line, taxed per line, invoiced, with a Commercial certificate', async () => {
    const paid = await buyWithTestCard(
      t,
      buyer,
      { items: [], upgrades: [{ itemId: items.harbour }], email: 'upgrader@shop.test', firstName: 'Una' },
      { country: 'FR', cardNumber: testCardIssuedIn('FR') },
    );
    const line = await t.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', paid.orderId)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      artwork_id: harbour,
      licence: 'commercial',
      upgrade_of_item_id: items.harbour,
      line_total_cents: 4100,
      tax_rate_bp: 2000,
      tax_cents: 820,
    });
    const invoice = await t.db
      .selectFrom('tax_documents')
      .select(['display_number', 'content'])
      .where('order_id', '=', paid.orderId)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const content = JSON.parse(invoice.content) as TaxDocumentContent;
    expect(content.lines).toEqual([
      expect.objectContaining({
        title: `Harbour (${upgradeLineLabel})`,
        licence: 'commercial',
        netCents: 4100,
        taxCents: 820,
      }),
    ]);

    const upgraded = await downloadLibraryItem(t.app, buyer, items.harbour);
    expect(upgraded).toMatchObject({ licence: 'personal', upgrade: null, upgradedIn: { itemId: line.id } });
    const commercial = await downloadLibraryItem(t.app, buyer, line.id);
    // A purchase of its own: its downloads are counted afresh under DOWNLOAD_LIMIT.
    expect(commercial).toMatchObject({ licence: 'commercial', upgradeOfItemId: items.harbour, downloads: 0 });
    const pdf = await t.app.inject({
      url: `/api/licences/${commercial.certificateNumber}/pdf`,
      headers: { cookie: buyer },
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Harbour');
    expect(text).toContain('Commercial licence');
    expect(text).not.toContain('Personal, non-commercial licence');
  });

  it('refuses, naming the field, a line that is not the caller’s, not Personal, upgraded, or without Commercial', async () => {
    const refused = async (
      upgrades: unknown[],
      cookie: string | undefined,
      message: string,
      field = 'upgrades.0.itemId',
    ) => {
      const answer = await quote(upgrades, cookie);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ details: Record<string, string[]> }>().details[field]).toEqual([message]);
    };
    await refused([{ itemId: othersItem }], buyer, UPGRADE_MESSAGES.notYours);
    await refused([{ itemId: items.ridge }], undefined, UPGRADE_MESSAGES.notYours);
    await refused([{ itemId: 2_000_000 }], buyer, UPGRADE_MESSAGES.notYours);
    await refused([{ itemId: items.meadow }], buyer, UPGRADE_MESSAGES.noCommercial('Meadow'));
    await refused([{ itemId: items.harbour }], buyer, UPGRADE_MESSAGES.alreadyUpgraded);
    const commercialLine = (await downloadLibraryItem(t.app, buyer, items.harbour)).upgradedIn!.itemId;
    await refused([{ itemId: commercialLine }], buyer, UPGRADE_MESSAGES.notPersonal);
    await refused(
      [{ itemId: items.ridge }, { itemId: items.ridge }],
      buyer,
      UPGRADE_MESSAGES.twiceInCart,
      'upgrades.1.itemId',
    );
    // The payment intent refuses what the quote refuses.
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { upgrades: [{ itemId: othersItem }], email: 'upgrader@shop.test', country: 'US' },
      headers: { cookie: buyer },
    });
    expect(intent.statusCode).toBe(400);
    expect(intent.json<{ details: Record<string, string[]> }>().details['upgrades.0.itemId']).toBeDefined();
  });

  it('applies no automatic sale to an upgrade, and a code within its scope', async () => {
    const sale = await insertTestDiscount(t.db, { kind: 'sale', code: null, name: 'Half off', percent_off: 50 });
    try {
      const withSale = await quote([{ itemId: items.ridge }], buyer);
      expect(withSale.json<CartQuote>().total).toBe(2000);
      await insertTestDiscount(t.db, { code: 'UPGRADE10', percent_off: 10 });
      const withCode = await quote([{ itemId: items.ridge }], buyer, { code: 'UPGRADE10' });
      expect(withCode.json<CartQuote>()).toMatchObject({ discount: 200, total: 1800 });
    } finally {
      await t.db.deleteFrom('discounts').where('id', '=', sale).execute();
    }
  });

  it('completes a zero difference as a free order', async () => {
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/orders/free',
      payload: { upgrades: [{ itemId: items.field }], email: 'upgrader@shop.test', country: 'US' },
      headers: { cookie: buyer },
    });
    expect(free.statusCode, free.body).toBe(200);
    const order = free.json<OrderSummary>();
    expect(order).toMatchObject({ status: 'paid', amount: 0 });
    expect(order.items).toEqual([
      expect.objectContaining({ licence: 'commercial', upgradeOfItemId: items.field, amount: 0 }),
    ]);
    expect((await downloadLibraryItem(t.app, buyer, items.field)).upgradedIn).not.toBeNull();
  });

  it('takes the artwork back to Personal when the upgrade is refunded, and its certificate ends', async () => {
    const paid = await buyWithTestCard(t, buyer, {
      items: [],
      upgrades: [{ itemId: items.ridge }],
      email: 'upgrader@shop.test',
    });
    expect((await downloadLibraryItem(t.app, buyer, items.ridge)).upgradedIn).toEqual({
      orderNumber: expect.any(String),
      itemId: paid.itemId,
    });
    const certificate = (await downloadLibraryItem(t.app, buyer, paid.itemId)).certificateNumber;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderNumber}/refund`,
      payload: {},
      headers: { cookie: owner },
    });
    expect(refund.json<{ status: string }>().status).toBe('refunded');
    const back = await downloadLibraryItem(t.app, buyer, items.ridge);
    expect(back).toMatchObject({ licence: 'personal', upgradedIn: null, upgrade: { amount: 2000, currency: 'usd' } });
    expect((await t.app.inject({ url: `/api/licences/${certificate}` })).json<{ valid: boolean }>().valid).toBe(false);
    // Upgradable again, at today's difference.
    expect((await quote([{ itemId: items.ridge }], buyer)).json<CartQuote>().total).toBe(2000);
  });

  it('refuses the upgrade of a refunded purchase', async () => {
    const [lone] = (await insertTestArtworks(t.db, [{ title: 'Given Back', price: 6, commercialPrice: 20 }])) as [
      number,
    ];
    const bought = await buyWithTestCard(t, buyer, { items: [{ id: lone, quantity: 1 }], email: 'upgrader@shop.test' });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${bought.orderNumber}/refund`,
      payload: {},
      headers: { cookie: owner },
    });
    const answer = await quote([{ itemId: bought.itemId }], buyer);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ details: Record<string, string[]> }>().details['upgrades.0.itemId']).toEqual([
      UPGRADE_MESSAGES.notHeld,
    ]);
  });

  it('undoes an upgrade refunded on its own line, and refuses to upgrade a line refunded on its own', async () => {
    const [extra = 0, kept = 0] = await insertTestArtworks(t.db, [
      { title: 'Beside It', price: 7 },
      { title: 'Kept Apart', price: 6, commercialPrice: 20 },
    ]);
    const refundLine = (orderNumber: string, itemId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderNumber}/refund-line`,
        payload: { itemId },
        headers: { cookie: owner },
      });
    const linesOf = (orderId: number) =>
      t.db.selectFrom('order_items').select(['id', 'artwork_id']).where('order_id', '=', orderId).execute();

    // The upgrade and another artwork in one order: the upgrade's line alone is refunded.
    const paid = await buyWithTestCard(t, buyer, {
      items: [{ id: extra, quantity: 1 }],
      upgrades: [{ itemId: items.ridge }],
      email: 'upgrader@shop.test',
    });
    const upgradeLine = (await linesOf(paid.orderId)).find((line) => line.artwork_id === ridge)!.id;
    expect((await downloadLibraryItem(t.app, buyer, items.ridge)).upgradedIn).not.toBeNull();
    const refunded = await refundLine(paid.orderNumber, upgradeLine);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await downloadLibraryItem(t.app, buyer, items.ridge)).toMatchObject({
      licence: 'personal',
      upgradedIn: null,
    });
    expect((await quote([{ itemId: items.ridge }], buyer)).json<CartQuote>().total).toBe(2000);

    // A Personal line refunded on its own cannot be upgraded.
    const bought = await buyWithTestCard(t, buyer, {
      items: [kept, extra].map((id) => ({ id, quantity: 1 })),
      email: 'upgrader@shop.test',
    });
    const keptLine = (await linesOf(bought.orderId)).find((line) => line.artwork_id === kept)!.id;
    expect((await refundLine(bought.orderNumber, keptLine)).statusCode).toBe(200);
    const answer = await quote([{ itemId: keptLine }], buyer);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ details: Record<string, string[]> }>().details['upgrades.0.itemId']).toEqual([
      UPGRADE_MESSAGES.notHeld,
    ]);
  });

  it('lets a guest upgrade through their library’s token, and nobody else’s token', async () => {
    const [piece] = (await insertTestArtworks(t.db, [{ title: 'Guest Piece', price: 5, commercialPrice: 25 }])) as [
      number,
    ];
    const free = await insertTestDiscount(t.db, { code: 'GIFT100', percent_off: 100 });
    const guestOrder = await t.app.inject({
      method: 'POST',
      url: '/api/orders/free',
      payload: { items: [{ id: piece, quantity: 1 }], code: 'GIFT100', email: 'guest@shop.test', country: 'US' },
      remoteAddress: '10.9.0.1',
    });
    await t.db.deleteFrom('discounts').where('id', '=', free).execute();
    expect(guestOrder.statusCode, guestOrder.body).toBe(200);
    const token = guestOrder.json<OrderSummary>().guestLink!.slice(`${PUBLIC_URL}/guest-orders/`.length);
    const library = (await t.app.inject({ url: `/api/guest-orders/${token}` })).json<GuestLibrary>();
    const item = library.order.items[0]!;
    expect(item.upgrade).toEqual({ amount: 2000, currency: 'usd' });
    const withToken = await quote([{ itemId: item.itemId, guestToken: token }]);
    expect(withToken.statusCode, withToken.body).toBe(200);
    expect(withToken.json<CartQuote>().total).toBe(2000);
    const withoutToken = await quote([{ itemId: item.itemId }]);
    expect(withoutToken.statusCode).toBe(400);
    const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await quote([{ itemId: item.itemId, guestToken: forged }])).statusCode).toBe(400);
    // A guest's token opens only its own order's lines.
    expect((await quote([{ itemId: items.ridge, guestToken: token }])).statusCode).toBe(400);
  });
});
