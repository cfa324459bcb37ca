import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { readOutbox, recipientOf } from '#test-support/outbox.ts';
import { givePrivateMaster } from '#test-support/private-master.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

describe.each(TEST_ENGINES)('the owner’s orders: refunds, search and sales on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let owner: string;
  let artworkId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    other = await signedInCookie(t.app, t.db, 'other@shop.test', 'customer');
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Quiet Harbour', price: 20, format: 'PNG' }])) as [number];
    // A file to download, so that a refund's effect on the downloads shows.
    await givePrivateMaster(t, artworkId, 'harbour.png', Buffer.from('a print file'));
  });
  afterAll(() => t.close());

  const as = (cookie: string) => ({ cookie });
  let quantity = 1;
  /** A paid order of the buyer's (a fresh cart each time). */
  const buy = (cookie = buyer) =>
    buyWithTestCard(t, cookie, { items: [{ id: artworkId, quantity: quantity++ }], email: 'buyer@shop.test' });
  const requestLink = (itemId: number) =>
    t.app.inject({ method: 'POST', url: `/api/downloads/${itemId}`, payload: { format: 'png' }, headers: as(buyer) });

  it('lets the owner refund in part (downloads stay) and in full (downloads end), telling the buyer each time', async () => {
    const { itemId, orderNumber, paymentIntentId } = await buy();
    const refund = (payload: object, cookie = owner) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderNumber}/refund`, payload, headers: as(cookie) });
    expect((await refund({}, buyer)).statusCode).toBe(403);

    // A double click: two identical refunds at once are made once.
    const [partial, twice] = await Promise.all([
      refund({ amount: 500, requestId: 'double-click-1' }),
      refund({ amount: 500, requestId: 'double-click-1' }),
    ]);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(partial.json(), partial.body).toMatchObject({ status: 'partially_refunded', refunded: 500 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect((await requestLink(itemId)).statusCode).toBe(200);

    const full = await refund({});
    expect(full.json()).toMatchObject({ status: 'refunded', refunded: full.json().amount });
    expect((await requestLink(itemId)).statusCode).toBe(403);
    expect((await refund({})).statusCode).toBe(409);

    // The provider's own events for the same refunds arrive afterwards: nothing changes and nobody is mailed twice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const mails = (await readOutbox(t.dataDir)).filter(
      (m) =>
        recipientOf(m) === 'buyer@shop.test' && m.subject?.startsWith(`Refund for order #${paymentIntentId.slice(-8)}`),
    );
    expect(mails).toHaveLength(2);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderNumber}`, headers: as(owner) })
    ).json();
    expect(detail.history.map((h: { status: string }) => h.status)).toEqual(['paid', 'partially_refunded', 'refunded']);
    expect(detail.downloads.length).toBeGreaterThanOrEqual(1);
  });

  it('searches orders by e-mail and number, filters by status, and sums the sales', async () => {
    const { orderNumber } = await buy(other);
    const byEmail = (
      await t.app.inject({ method: 'GET', url: '/api/admin/orders?q=OTHER@shop', headers: as(owner) })
    ).json();
    expect(byEmail.items.length).toBeGreaterThan(0);
    expect(byEmail.items.every((o: { customerEmail: string }) => o.customerEmail === 'other@shop.test')).toBe(true);
    const byNumber = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${orderNumber}`, headers: as(owner) })
    ).json();
    expect(byNumber.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
    // The refund above left a refunded order to find.
    const refunded = (
      await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=refunded', headers: as(owner) })
    ).json();
    expect(refunded.items.length).toBeGreaterThan(0);
    expect(refunded.items.every((o: { status: string }) => o.status === 'refunded')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: as(buyer) })).statusCode).toBe(403);

    const sales = (await t.app.inject({ method: 'GET', url: '/api/admin/sales', headers: as(owner) })).json();
    const paid = await t.db
      .selectFrom('orders')
      .select(['amount_cents', 'refunded_cents'])
      .where('paid_at', 'is not', null)
      .execute();
    expect(sales.revenue.allTime).toBe(paid.reduce((sum, o) => sum + o.amount_cents - o.refunded_cents, 0));
    expect(sales.orders.today).toBe(paid.length);
    expect(sales.topArtworks[0]).toMatchObject({ artworkId, title: 'Quiet Harbour' });
  });
});
