import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
import { PRINT_RATIOS, RATIO_TOLERANCE, ratioError } from '#shared/prints/print-sizes.ts';
import { aspectOf, largestCropSize, orientationOf } from '#shared/prints/ratio-crop.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { downloadLibraryItem } from '#test-support/download-library.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { drawMaster, storePack, type StoredPackFile } from '#test-support/print-pack-fixture.ts';
import { readZip } from '#test-support/read-zip.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createAppStorages } from '../../app';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { FRAME_GUIDE_NAME } from './frame-guide-text';

/** 2400 × 3600 px: 8 × 12 in at 300 DPI as 2:3, and a size or two in every other ratio but 11:14. */
const MASTER_SIZE = { width: 2400, height: 3600 };
const LIMIT = 8;

describe.each(TEST_ENGINES)('print pack downloads on %s', (engine) => {
  let t: TestApp;
  let store: StorageProvider;
  let buyer: string;
  let stranger: string;
  let artworkId: number;
  let master: Buffer;
  let pack: StoredPackFile[];

  beforeAll(async () => {
    t = await createTestApp(engine, { DOWNLOAD_LIMIT: String(LIMIT) });
    store = createAppStorages(t.config, t.db).privateStore;
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    stranger = await signedInCookie(t.app, t.db, 'stranger@shop.test', 'customer');
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Museum Arches', price: 20, format: 'PNG, JPG' }])) as [
      number,
    ];
    master = await drawMaster(MASTER_SIZE.width, MASTER_SIZE.height);
  });
  afterAll(() => t.close());

  let quantity = 1;
  const buy = () =>
    buyWithTestCard(t, buyer, { items: [{ id: artworkId, quantity: quantity++ }], email: 'buyer@shop.test' });
  const post = (url: string, payload: object | undefined, cookie = buyer) =>
    t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { cookie, 'user-agent': 'Test/1' } });
  const ratioLink = (itemId: number, body: object, cookie = buyer) => post(`/api/downloads/${itemId}`, body, cookie);
  const zipLink = (itemId: number, cookie = buyer) => post(`/api/downloads/${itemId}/zip`, undefined, cookie);
  const libraryItem = (itemId: number) => downloadLibraryItem(t.app, buyer, itemId);
  const logOf = (itemId: number) =>
    t.db.selectFrom('downloads').select('format').where('order_item_id', '=', itemId).orderBy('id').execute();
  const setStatus = (orderId: number, status: 'pending' | 'refunded' | 'paid') =>
    t.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();

  it('says "Preparing your files (3 of 6)" while the pack is made, and offers the master meanwhile', async () => {
    await storePack(
      { db: t.db, store },
      { id: artworkId, title: 'Museum Arches', masterKey: 'originals/arches-1.png', master },
      { made: 3 },
    );
    const { itemId } = await buy();
    const item = await libraryItem(itemId);
    expect(item.pack).toEqual({ status: 'preparing', done: 3, total: 6, files: [], zipBytes: 0 });
    expect(item.formats).toEqual(['png', 'jpg']);

    const early = await ratioLink(itemId, { ratio: '4x5' });
    expect(early.statusCode).toBe(400);
    expect(early.json().details).toHaveProperty('ratio');
    expect((await zipLink(itemId)).statusCode).toBe(409);
    // The master goes out as before.
    const masterLink = await ratioLink(itemId, { format: 'png' });
    expect(masterLink.statusCode, masterLink.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: masterLink.json<DownloadLink>().url });
    expect(Buffer.compare(file.rawPayload, master)).toBe(0);
  });

  it('lists the ratio files of a complete pack, with their sizes in inches and cm', async () => {
    ({ files: pack } = await storePack(
      { db: t.db, store },
      { id: artworkId, title: 'Museum Arches', masterKey: 'originals/arches-1.png', master },
    ));
    const { itemId } = await buy();
    const item = await libraryItem(itemId);
    expect(item.pack?.status).toBe('ready');
    expect(item.pack?.files.map((file) => file.label)).toEqual(PRINT_RATIOS.map((ratio) => ratio.label));
    const fourFive = item.pack!.files.find((file) => file.ratio === '4x5')!;
    expect(fourFive).toMatchObject({ width: 2400, height: 3000, formats: ['jpg', 'png'] });
    expect(fourFive.fileName).toBe('Museum Arches – 4x5 (4x5, 8x10 in).jpg');
    expect(fourFive.sizes).toEqual([
      { name: '4 × 5 in', inches: '4 × 5 in', cm: '10.2 × 12.7 cm' },
      { name: '8 × 10 in', inches: '8 × 10 in', cm: '20.3 × 25.4 cm' },
    ]);
    // What each download costs, before it starts: the stored file's bytes, and the ZIP as their sum.
    const stored = pack.find((file) => file.ratio === '4x5')!;
    expect(fourFive.bytes).toBe((await store.get(stored.key))!.length);
    expect(item.pack!.zipBytes).toBe(item.pack!.files.reduce((sum, file) => sum + file.bytes, 0));
    expect(item.pack!.zipBytes).toBeGreaterThan(fourFive.bytes);
  });

  it('hands out each ratio as a 300 DPI JPEG of its ratio, no larger than the crop of the master', async () => {
    const { itemId } = await buy();
    for (const ratio of PRINT_RATIOS) {
      const link = await ratioLink(itemId, { ratio: ratio.id });
      expect(link.statusCode, link.body).toBe(200);
      const { url, fileName } = link.json<DownloadLink>();
      expect(fileName).toMatch(/^Museum Arches – .+\.jpg$/);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['content-disposition']).toContain('attachment');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.density).toBe(300);
      expect(ratioError(meta.width, meta.height, aspectOf(ratio, 'portrait'))).toBeLessThanOrEqual(RATIO_TOLERANCE);
      const crop = largestCropSize(ratio, MASTER_SIZE, orientationOf(MASTER_SIZE));
      expect(meta.width).toBeLessThanOrEqual(crop.width);
      expect(meta.height).toBeLessThanOrEqual(crop.height);
    }
    expect((await logOf(itemId)).map((row) => row.format)).toEqual(PRINT_RATIOS.map((r) => `jpg ${r.id}`));
  });

  it('streams the whole pack as one ZIP of stored JPEGs and a frame guide, counted as one download', async () => {
    const { itemId } = await buy();
    const link = await zipLink(itemId);
    expect(link.statusCode, link.body).toBe(200);
    const { url, fileName } = link.json<DownloadLink>();
    expect(fileName).toBe('Museum Arches – print pack.zip');
    expect((await libraryItem(itemId)).downloads).toBe(1);
    expect(await logOf(itemId)).toEqual([{ format: 'zip' }]);

    const zip = await t.app.inject({ method: 'GET', url });
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(
      "filename*=UTF-8''Museum%20Arches%20%E2%80%93%20print%20pack.zip",
    );
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);

    const entries = await readZip(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      FRAME_GUIDE_NAME,
      ...(await libraryItem(itemId)).pack!.files.map((file) => file.fileName),
    ]);
    expect(entries.every((entry) => entry.compressionMethod === 0)).toBe(true);
    for (const stored of pack) {
      const entry = entries.find((e) => e.name.includes(` – ${stored.ratio === 'iso-a' ? 'ISO A' : stored.ratio}`))!;
      expect(Buffer.compare(entry.bytes, (await store.get(stored.key))!), stored.ratio).toBe(0);
    }
    const guide = entries[0]!.bytes.toString('utf8');
    expect(guide).toContain('Museum Arches – 4x5 (4x5, 8x10 in).jpg');
    expect(guide).toContain('8 × 10 in (20.3 × 25.4 cm)');
    expect(guide).toContain('A5 (14.8 × 21 cm)');

    // Each ZIP is one download: the rest of the limit, then refused.
    for (let used = 1; used < LIMIT; used++) expect((await zipLink(itemId)).statusCode).toBe(200);
    const refused = await zipLink(itemId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain(`${LIMIT} times`);
  });

  it('refuses an altered or expired ZIP link', async () => {
    const { itemId } = await buy();
    const { url } = (await zipLink(itemId)).json<DownloadLink>();
    const altered = await t.app.inject({
      method: 'GET',
      url: url.replace(/\/zip\/(\d+)\//, (_, id) => `/zip/${Number(id) + 1}/`),
    });
    expect(altered.statusCode).toBe(403);
    const expired = await t.app.inject({ method: 'GET', url: url.replace(/expires=\d+/, 'expires=1000') });
    expect(expired.statusCode).toBe(403);
  });

  it('refuses a stranger, an unpaid order and a refunded one, for a ratio and for the ZIP', async () => {
    const { itemId, orderId } = await buy();
    expect((await ratioLink(itemId, { ratio: '4x5' }, stranger)).statusCode).toBe(404);
    expect((await zipLink(itemId, stranger)).statusCode).toBe(404);
    for (const status of ['pending', 'refunded'] as const) {
      await setStatus(orderId, status);
      expect((await ratioLink(itemId, { ratio: '4x5' })).statusCode, status).toBe(403);
      expect((await zipLink(itemId)).statusCode, status).toBe(403);
    }
    await setStatus(orderId, 'paid');
    expect(await logOf(itemId)).toEqual([]);
  });

  it('names the field of a ratio or format it does not know', async () => {
    const { itemId } = await buy();
    const ratio = await ratioLink(itemId, { ratio: 'square' });
    expect(ratio.statusCode).toBe(400);
    expect(ratio.json().details).toHaveProperty('ratio');
    const format = await ratioLink(itemId, { ratio: '4x5', format: 'tiff' });
    expect(format.statusCode).toBe(400);
    expect(format.json().details).toHaveProperty('format');
  });

  it("makes a ratio's PNG on its first download, of the JPEG's crop, and keeps it", async () => {
    const { itemId } = await buy();
    const first = await ratioLink(itemId, { ratio: '5x7', format: 'png' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<DownloadLink>().fileName).toBe('Museum Arches – 5x7 (5x7 in).png');
    const png = await t.app.inject({ method: 'GET', url: first.json<DownloadLink>().url });
    const meta = await sharp(png.rawPayload).metadata();
    const jpeg = pack.find((file) => file.ratio === '5x7')!;
    expect(meta).toMatchObject({ format: 'png', width: jpeg.width, height: jpeg.height, density: 300 });

    const rows = () =>
      t.db.selectFrom('print_pack_files').selectAll().where('format', '=', 'png').where('ratio', '=', '5x7').execute();
    const [made] = await rows();
    const second = await ratioLink(itemId, { ratio: '5x7', format: 'png' });
    expect(second.statusCode).toBe(200);
    expect(await rows()).toEqual([made]);
    expect(second.json<DownloadLink>().url.split('?')[0]).toBe(first.json<DownloadLink>().url.split('?')[0]);
    expect((await logOf(itemId)).map((row) => row.format)).toEqual(['png 5x7', 'png 5x7']);
  });

  it('offers no PNG of a ratio where the artwork offers no PNG', async () => {
    await t.db.updateTable('artworks').set({ format: 'JPG' }).where('id', '=', artworkId).execute();
    try {
      const { itemId } = await buy();
      expect((await libraryItem(itemId)).pack?.files[0]?.formats).toEqual(['jpg']);
      const refused = await ratioLink(itemId, { ratio: '2x3', format: 'png' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toHaveProperty('format');
      expect((await ratioLink(itemId, { ratio: '2x3' })).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('artworks').set({ format: 'PNG, JPG' }).where('id', '=', artworkId).execute();
    }
  });
});
