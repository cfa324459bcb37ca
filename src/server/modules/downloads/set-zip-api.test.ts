import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { SET_ZIP_MESSAGES } from '#shared/orders/downloads.ts';
import { LINE_REFUNDED_REFUSAL } from '#shared/orders/order-lifecycle.ts';
import type { DownloadItem, DownloadLink, DownloadList } from '#shared/orders/downloads-schema.ts';
import type { GuestLibrary } from '#shared/orders/guest-orders-schema.ts';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { drawMaster, storePack, type StoredPackFile } from '#test-support/print-pack-fixture.ts';
import { readZip } from '#test-support/read-zip.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard, createTestPaymentMethod } from '#test-support/test-purchase.ts';
import { createAppStorages } from '../../app';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { FRAME_GUIDE_NAME } from './frame-guide-text';

// A set bought whole downloads as one ZIP (decision 0072): every piece's print pack in a folder named after it,
// streamed from the store, counted as one download of each piece, all or none, for an account and a guest alike.

const LIMIT = 2;
const PUBLIC_URL = 'http://shop.test';
const PIECES = [
  { title: 'North Light', price: 12 },
  { title: 'South Wind', price: 8 },
  { title: 'East Shore', price: 5 },
];

describe.each(TEST_ENGINES)('a whole set as one ZIP on %s', (engine) => {
  let t: TestApp;
  let store: StorageProvider;
  let owner: string;
  let buyer: string;
  let stranger: string;
  let ids: number[];
  let single: number;
  let set: OwnerSet;
  const packs = new Map<number, StoredPackFile[]>();

  beforeAll(async () => {
    t = await createTestApp(engine, { DOWNLOAD_LIMIT: String(LIMIT), GUEST_CHECKOUT: 'true', PUBLIC_URL });
    store = createAppStorages(t.config, t.db).privateStore;
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    stranger = await signedInCookie(t.app, t.db, 'stranger@shop.test', 'customer');
    ids = await insertTestArtworks(
      t.db,
      PIECES.map((piece) => ({ ...piece, format: 'PNG, JPG' })),
    );
    [single] = (await insertTestArtworks(t.db, [{ title: 'Alone', price: 4, format: 'PNG' }])) as [number];
    for (const [index, id] of ids.entries()) {
      const { files } = await storePack(
        { db: t.db, store },
        { id, title: PIECES[index]!.title, masterKey: `originals/set-${id}.png`, master: await drawMaster(900, 1200) },
      );
      packs.set(id, files);
    }
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sets',
      payload: { title: 'Compass Points', artworkIds: ids, percentOff: 10 },
      headers: { cookie: owner },
    });
    expect(made.statusCode, made.body).toBe(201);
    set = made.json<OwnerSet>();
  }, 120_000);
  afterAll(() => t.close());

  let buyers = 0;
  /** The set bought by a new buyer, who is then `buyer`: a buyer owning its pieces is sold only the rest. */
  const buySet = async () => {
    const email = `buyer${++buyers}@shop.test`;
    buyer = await signedInCookie(t.app, t.db, email, 'customer');
    const paid = await buyWithTestCard(t, buyer, {
      items: [{ id: single, quantity: 1 }],
      sets: [{ setId: set.id }],
      email,
    });
    const lines = await t.db
      .selectFrom('order_items')
      .select(['id', 'artwork_id', 'set_id'])
      .where('order_id', '=', paid.orderId)
      .orderBy('id')
      .execute();
    return { ...paid, lines };
  };
  const setLines = (lines: Array<{ id: number; set_id: number | null }>) => lines.filter((line) => line.set_id);
  const post = (url: string, cookie = buyer) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, 'user-agent': 'Test/1' } });
  const logOf = async (itemIds: number[]) =>
    t.db
      .selectFrom('downloads')
      .select(['order_item_id', 'format'])
      .where('order_item_id', 'in', itemIds)
      .orderBy('id')
      .execute();

  /** Every entry of the ZIP is the stored bytes of its piece's pack, in a folder named after the piece. */
  async function expectWholeSet(zip: Buffer) {
    const entries = await readZip(zip);
    const expected: Array<{ name: string; key?: string }> = [];
    for (const [index, id] of ids.entries()) {
      expected.push({ name: `${PIECES[index]!.title}/${FRAME_GUIDE_NAME}` });
      for (const file of packs.get(id)!) expected.push({ name: `${PIECES[index]!.title}/`, key: file.key });
    }
    expect(entries).toHaveLength(expected.length);
    for (const [index, want] of expected.entries()) {
      const entry = entries[index]!;
      expect(entry.compressionMethod).toBe(0);
      if (!want.key) {
        expect(entry.name).toBe(want.name);
        expect(entry.bytes.toString('utf8')).toContain('print pack');
        continue;
      }
      expect(entry.name.startsWith(want.name) && entry.name.endsWith('.jpg'), entry.name).toBe(true);
      expect(Buffer.compare(entry.bytes, (await store.get(want.key))!), entry.name).toBe(0);
    }
  }

  it('streams every piece’s pack, byte for byte, and counts one download of each piece', async () => {
    const { lines } = await buySet();
    const pieces = setLines(lines);
    expect(pieces).toHaveLength(3);

    const library = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie: buyer } });
    const items = library.json<DownloadList>().orders[0]!.items;
    expect(items.map((item: DownloadItem) => item.set)).toEqual([
      null,
      ...ids.map(() => ({ id: set.id, title: 'Compass Points' })),
    ]);

    const link = await post(`/api/downloads/${pieces[1]!.id}/set-zip`);
    expect(link.statusCode, link.body).toBe(200);
    const { url, fileName } = link.json<DownloadLink>();
    expect(fileName).toBe('Compass Points – whole set.zip');
    const zip = await t.app.inject({ method: 'GET', url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('attachment');
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    await expectWholeSet(zip.rawPayload);

    expect(await logOf(lines.map((line) => line.id))).toEqual(
      pieces.map((piece) => ({ order_item_id: piece.id, format: 'set zip' })),
    );
  });

  it('refuses at the limit, naming the piece, and counts nothing then', async () => {
    const { lines } = await buySet();
    const pieces = setLines(lines);
    // The second piece's own ZIP, twice: at its limit of 2.
    for (let i = 0; i < LIMIT; i++) expect((await post(`/api/downloads/${pieces[1]!.id}/zip`)).statusCode).toBe(200);
    const before = await logOf(pieces.map((piece) => piece.id));

    const refused = await post(`/api/downloads/${pieces[0]!.id}/set-zip`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(SET_ZIP_MESSAGES.limitReached('South Wind', LIMIT));
    expect(await logOf(pieces.map((piece) => piece.id))).toEqual(before);
  });

  it('counts against the limit as the pieces’ own downloads do: the second set ZIP is the last', async () => {
    const { lines } = await buySet();
    const pieces = setLines(lines);
    for (let i = 0; i < LIMIT; i++)
      expect((await post(`/api/downloads/${pieces[2]!.id}/set-zip`)).statusCode).toBe(200);
    const third = await post(`/api/downloads/${pieces[2]!.id}/set-zip`);
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toBe(SET_ZIP_MESSAGES.limitReached('North Light', LIMIT));
  });

  it('counts two set ZIPs asked for at once one after the other: only one gets the last download', async () => {
    const { lines } = await buySet();
    const pieces = setLines(lines);
    expect((await post(`/api/downloads/${pieces[0]!.id}/zip`)).statusCode).toBe(200);
    const answers = await Promise.all([1, 2, 3].map(() => post(`/api/downloads/${pieces[1]!.id}/set-zip`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403, 403]);
    const counts = await logOf(pieces.map((piece) => piece.id));
    expect(counts.filter((row) => row.order_item_id === pieces[0]!.id)).toHaveLength(LIMIT);
    expect(counts.filter((row) => row.format === 'set zip')).toHaveLength(pieces.length);
  });

  it('answers 404 for another buyer’s order and for a line not bought in a set', async () => {
    const { lines } = await buySet();
    const pieces = setLines(lines);
    expect((await post(`/api/downloads/${pieces[0]!.id}/set-zip`, stranger)).statusCode).toBe(404);
    expect(await logOf(pieces.map((piece) => piece.id))).toEqual([]);
    const alone = await post(`/api/downloads/${lines[0]!.id}/set-zip`);
    expect(alone.statusCode).toBe(404);
    expect(alone.json().error).toBe(SET_ZIP_MESSAGES.notInSet);
  });

  it('downloads nothing from a refunded order', async () => {
    const { lines, orderId } = await buySet();
    await t.db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', orderId).execute();
    const refused = await post(`/api/downloads/${setLines(lines)[0]!.id}/set-zip`);
    expect(refused.statusCode).toBe(403);
  });

  it('refuses the ZIP of a set refunded on its own; the order’s other line still downloads', async () => {
    const { lines, orderNumber } = await buySet();
    const pieces = setLines(lines);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNumber}/refund-line`,
      payload: { setId: set.id },
      headers: { cookie: owner },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const refused = await post(`/api/downloads/${pieces[0]!.id}/set-zip`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(LINE_REFUNDED_REFUSAL);
    expect(await logOf(pieces.map((piece) => piece.id))).toEqual([]);
    const library = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie: buyer } });
    const order = library.json<DownloadList>().orders.find((listed) => listed.orderNumber === orderNumber)!;
    expect(order.items.map((item) => item.itemId)).toEqual([lines[0]!.id]);
  });

  it('refuses an altered or expired link before reading anything', async () => {
    const { lines } = await buySet();
    const { url } = (await post(`/api/downloads/${setLines(lines)[0]!.id}/set-zip`)).json<DownloadLink>();
    const altered = url.replace(/\/set-zip\/(\d+)-/, (_, itemId: string) => `/set-zip/${Number(itemId) + 1}-`);
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);
  });

  it('works for a guest through the order’s library link', async () => {
    const ip = '10.9.0.1';
    const guestPost = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    const cart = {
      items: [],
      sets: [{ setId: set.id }],
      email: 'guest@shop.test',
      firstName: 'Gus',
      lastName: 'Guest',
      country: 'US',
    };
    const intent = (await guestPost('/api/create-payment-intent', cart)).json<{
      clientSecret: string;
      paymentIntentId: string;
    }>();
    const method = await createTestPaymentMethod(
      t,
      '',
      { number: '4242424242424242' },
      { postalCode: '12345', country: 'US' },
    );
    const taxed = await guestPost('/api/checkout/payment-method', {
      paymentIntentId: intent.paymentIntentId,
      paymentMethodId: method.id,
    });
    expect(taxed.statusCode, taxed.body).toBe(200);
    await guestPost('/api/payments/test/confirm-method', {
      clientSecret: intent.clientSecret,
      paymentMethodId: method.id,
    });
    const confirmed = await guestPost('/api/orders/confirm', {
      paymentIntentId: intent.paymentIntentId,
      email: 'guest@shop.test',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const token = confirmed.json<OrderSummary>().guestLink!.slice(`${PUBLIC_URL}/guest-orders/`.length);

    const library = await t.app.inject({ method: 'GET', url: `/api/guest-orders/${token}` });
    const items = library.json<GuestLibrary>().order.items;
    expect(items.every((item) => item.set?.title === 'Compass Points')).toBe(true);

    // Another order's line through this link: not this guest's.
    const { lines } = await buySet();
    const foreign = await guestPost(`/api/guest-orders/${token}/downloads/${setLines(lines)[0]!.id}/set-zip`, {});
    expect(foreign.statusCode).toBe(404);

    const link = await guestPost(`/api/guest-orders/${token}/downloads/${items[0]!.itemId}/set-zip`, {});
    expect(link.statusCode, link.body).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: link.json<DownloadLink>().url });
    expect(zip.statusCode).toBe(200);
    await expectWholeSet(zip.rawPayload);
    expect((await logOf(items.map((item) => item.itemId))).map((row) => row.format)).toEqual([
      'set zip',
      'set zip',
      'set zip',
    ]);
  });
});
