import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '../../../../test-support/artwork-factory';
import { signedInCookie } from '../../../../test-support/owner-session';
import { readOutbox, recipientOf } from '../../../../test-support/outbox';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { TEST_ENGINES } from '../../../../test-support/test-database';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123', name: 'Ada' };
const BILLING = { postalCode: '12345', country: 'US' };
const MASTER = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

describe.each(TEST_ENGINES)('downloads, refunds and the owner’s orders on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let owner: string;
  let artworkId: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { DOWNLOAD_LIMIT: '3', DOWNLOAD_LINK_MINUTES: '15' });
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    other = await signedInCookie(t.app, t.db, 'other@shop.test', 'customer');
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Quiet Harbour', price: 20, format: 'PNG' }])) as [number];
    fs.mkdirSync(path.join(t.dataDir, 'private', 'originals'), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'private', 'originals', 'harbour.png'), MASTER);
    await t.db.updateTable('artworks').set({ private_file_key: 'originals/harbour.png' }).where('id', '=', artworkId).execute();
  });
  afterAll(() => t.close());

  const as = (cookie: string) => ({ cookie });
  let quantity = 1;
  /** A paid order of the buyer's (a fresh cart each time); returns its line id and payment id. */
  async function buy(cookie = buyer) {
    const intent = (
      await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { items: [{ id: artworkId, quantity: quantity++ }], email: 'buyer@shop.test' }, headers: as(cookie) })
    ).json<{ clientSecret: string; paymentIntentId: string }>();
    await t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', payload: { clientSecret: intent.clientSecret, card: CARD, billing: BILLING }, headers: as(cookie) });
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/orders/confirm', payload: { paymentIntentId: intent.paymentIntentId }, headers: as(cookie) });
    expect(confirmed.json().status).toBe('paid');
    const order = await t.db.selectFrom('orders').select(['id', 'order_number']).where('payment_intent_id', '=', intent.paymentIntentId).executeTakeFirstOrThrow();
    const item = await t.db.selectFrom('order_items').select('id').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    return { itemId: item.id, paymentIntentId: intent.paymentIntentId, orderId: order.id, orderNumber: order.order_number };
  }
  const requestLink = (itemId: number, cookie = buyer, format = 'png') =>
    t.app.inject({ method: 'POST', url: `/api/downloads/${itemId}`, payload: { format }, headers: { ...as(cookie), 'user-agent': 'TestBrowser/1.0' } });
  const setStatus = (orderId: number, status: 'pending' | 'failed' | 'canceled' | 'refunded' | 'disputed' | 'paid') =>
    t.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();

  it('hands the buyer a short-lived signed link that serves the master as an attachment, with ranges', async () => {
    const { itemId } = await buy();
    const link = await requestLink(itemId);
    expect(link.statusCode, link.body).toBe(200);
    const { url, kind, fileName, expiresAt } = link.json<{ url: string; kind: string; fileName: string; expiresAt: string }>();
    expect(kind).toBe('file');
    expect(fileName).toBe('Quiet Harbour.png');
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(url).toMatch(/[?&]expires=\d+.*[?&]sig=|[?&]sig=.*[?&]expires=\d+/);

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-disposition']).toContain('Quiet Harbour.png');
    expect(Buffer.compare(file.rawPayload, MASTER)).toBe(0);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect([...part.rawPayload]).toEqual([...MASTER.subarray(10, 20)]);

    const altered = await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=0000'), headers: { accept: 'text/html' } });
    expect(altered.statusCode).toBe(403);
    expect(altered.body).toContain('/downloads');
    const expired = await t.app.inject({ method: 'GET', url: url.replace(/expires=\d+/, 'expires=1000') });
    expect(expired.statusCode).toBe(403);

    const log = await t.db.selectFrom('downloads').selectAll().where('order_item_id', '=', itemId).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ format: 'png', user_agent: 'TestBrowser/1.0' });
  });

  it("refuses another customer's item, unpaid, cancelled, refunded and disputed orders, and past the limit", async () => {
    const { itemId, orderId } = await buy();
    expect((await requestLink(itemId, other)).statusCode).toBe(404);
    expect((await requestLink(999999)).statusCode).toBe(404);
    for (const [status, words] of [['pending', 'not been paid'], ['failed', 'did not go through'], ['canceled', 'cancelled'], ['refunded', 'refunded'], ['disputed', 'disputed']] as const) {
      await setStatus(orderId, status);
      const refused = await requestLink(itemId);
      expect(refused.statusCode, status).toBe(403);
      expect(refused.json().error).toContain(words);
    }
    await setStatus(orderId, 'paid');
    for (let i = 0; i < 3; i++) expect((await requestLink(itemId)).statusCode).toBe(200);
    const limited = await requestLink(itemId);
    expect(limited.statusCode).toBe(403);
    expect(limited.json().error).toContain('3 times');
    expect((await requestLink(itemId, buyer, 'jpg')).statusCode).toBe(403);
  });

  it('lists the library, and counts an artwork once per bought item however often it is downloaded', async () => {
    const before = (await t.db.selectFrom('artworks').select('download_count').where('id', '=', artworkId).executeTakeFirstOrThrow()).download_count;
    const { itemId } = await buy();
    await requestLink(itemId);
    await requestLink(itemId);
    const after = (await t.db.selectFrom('artworks').select('download_count').where('id', '=', artworkId).executeTakeFirstOrThrow()).download_count;
    expect(after).toBe(before + 1);
    const library = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: as(buyer) });
    const item = library.json().orders.flatMap((o: { items: Array<{ itemId: number }> }) => o.items).find((i: { itemId: number }) => i.itemId === itemId);
    expect(item).toMatchObject({ title: 'Quiet Harbour', delivery: 'file', formats: ['png'], downloads: 2, limit: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/downloads' })).statusCode).toBe(401);
  });

  it('lets the owner refund in part (downloads stay) and in full (downloads end), telling the buyer each time', async () => {
    const { itemId, orderNumber, paymentIntentId } = await buy();
    const refund = (payload: object, cookie = owner) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderNumber}/refund`, payload, headers: as(cookie) });
    expect((await refund({}, buyer)).statusCode).toBe(403);

    // A double click: two identical refunds at once are made once.
    const [partial, twice] = await Promise.all([refund({ amount: 500, requestId: 'double-click-1' }), refund({ amount: 500, requestId: 'double-click-1' })]);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(partial.json(), partial.body).toMatchObject({ status: 'partially_refunded', refunded: 500 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ status: 'partially_refunded', refunded: 500 });
    expect((await requestLink(itemId)).statusCode).toBe(200);

    const full = await refund({});
    expect(full.json()).toMatchObject({ status: 'refunded', refunded: full.json().amount });
    expect((await requestLink(itemId)).statusCode).toBe(403);
    expect((await refund({})).statusCode).toBe(409);

    // The provider's own events for the same refunds arrive afterwards: nothing changes and nobody is mailed twice.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const mails = (await readOutbox(t.dataDir)).filter((m) => recipientOf(m) === 'buyer@shop.test' && m.subject?.startsWith(`Refund for order #${paymentIntentId.slice(-8)}`));
    expect(mails).toHaveLength(2);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderNumber}`, headers: as(owner) })).json();
    expect(detail.history.map((h: { status: string }) => h.status)).toEqual(['paid', 'partially_refunded', 'refunded']);
    expect(detail.downloads.length).toBeGreaterThanOrEqual(1);
  });

  it('searches orders by e-mail and number, filters by status, and sums the sales', async () => {
    const { orderNumber } = await buy(other);
    const byEmail = (await t.app.inject({ method: 'GET', url: '/api/admin/orders?q=OTHER@shop', headers: as(owner) })).json();
    expect(byEmail.items.length).toBeGreaterThan(0);
    expect(byEmail.items.every((o: { customerEmail: string }) => o.customerEmail === 'other@shop.test')).toBe(true);
    const byNumber = (await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${orderNumber}`, headers: as(owner) })).json();
    expect(byNumber.items.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
    const refunded = (await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=refunded', headers: as(owner) })).json();
    expect(refunded.items.length).toBeGreaterThan(0);
    expect(refunded.items.every((o: { status: string }) => o.status === 'refunded')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: as(buyer) })).statusCode).toBe(403);

    const sales = (await t.app.inject({ method: 'GET', url: '/api/admin/sales', headers: as(owner) })).json();
    const paid = await t.db.selectFrom('orders').select(['amount_cents', 'refunded_cents']).where('paid_at', 'is not', null).execute();
    expect(sales.revenue.allTime).toBe(paid.reduce((sum, o) => sum + o.amount_cents - o.refunded_cents, 0));
    expect(sales.orders.today).toBe(paid.length);
    expect(sales.topArtworks[0]).toMatchObject({ artworkId, title: 'Quiet Harbour' });
  });
});
