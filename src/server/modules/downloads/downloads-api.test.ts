import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { givePrivateMaster } from '#test-support/private-master.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

const MASTER = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

describe.each(TEST_ENGINES)('downloads on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let artworkId: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { DOWNLOAD_LIMIT: '3', DOWNLOAD_LINK_MINUTES: '15' });
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    other = await signedInCookie(t.app, t.db, 'other@shop.test', 'customer');
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Quiet Harbour', price: 20, format: 'PNG' }])) as [number];
    await givePrivateMaster(t, artworkId, 'harbour.png', MASTER);
  });
  afterAll(() => t.close());

  const as = (cookie: string) => ({ cookie });
  let quantity = 1;
  /** A paid order of the buyer's (a fresh cart each time). */
  const buy = () =>
    buyWithTestCard(t, buyer, { items: [{ id: artworkId, quantity: quantity++ }], email: 'buyer@shop.test' });
  const requestLink = (itemId: number, cookie = buyer, format = 'png') =>
    t.app.inject({
      method: 'POST',
      url: `/api/downloads/${itemId}`,
      payload: { format },
      headers: { ...as(cookie), 'user-agent': 'TestBrowser/1.0' },
    });
  const setStatus = (orderId: number, status: 'pending' | 'failed' | 'canceled' | 'refunded' | 'disputed' | 'paid') =>
    t.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();

  it('hands the buyer a short-lived signed link that serves the master as an attachment, with ranges', async () => {
    const { itemId } = await buy();
    const link = await requestLink(itemId);
    expect(link.statusCode, link.body).toBe(200);
    const { url, kind, fileName, expiresAt } = link.json<{
      url: string;
      kind: string;
      fileName: string;
      expiresAt: string;
    }>();
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

    const altered = await t.app.inject({
      method: 'GET',
      url: url.replace(/sig=[^&]+/, 'sig=0000'),
      headers: { accept: 'text/html' },
    });
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
    for (const [status, words] of [
      ['pending', 'not been paid'],
      ['failed', 'did not go through'],
      ['canceled', 'cancelled'],
      ['refunded', 'refunded'],
      ['disputed', 'disputed'],
    ] as const) {
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
    const before = (
      await t.db.selectFrom('artworks').select('download_count').where('id', '=', artworkId).executeTakeFirstOrThrow()
    ).download_count;
    const { itemId } = await buy();
    await requestLink(itemId);
    await requestLink(itemId);
    const after = (
      await t.db.selectFrom('artworks').select('download_count').where('id', '=', artworkId).executeTakeFirstOrThrow()
    ).download_count;
    expect(after).toBe(before + 1);
    const library = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: as(buyer) });
    const item = library
      .json()
      .orders.flatMap((o: { items: Array<{ itemId: number }> }) => o.items)
      .find((i: { itemId: number }) => i.itemId === itemId);
    expect(item).toMatchObject({ title: 'Quiet Harbour', delivery: 'file', formats: ['png'], downloads: 2, limit: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/downloads' })).statusCode).toBe(401);
  });
});
