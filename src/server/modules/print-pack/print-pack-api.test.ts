import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OwnerPrintPack } from '#shared/prints/print-pack-schema.ts';
import { PRINT_DPI, printRatio, RATIO_IDS, RATIO_TOLERANCE, ratioError } from '#shared/prints/print-sizes.ts';
import { aspectOf, orientationOf } from '#shared/prints/ratio-crop.ts';
import { multipart } from '#test-support/multipart.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { LocalStorage } from '../../providers/storage/local-storage';
import { claimDuePack } from './repository';

const MASTER = { width: 1800, height: 2400 };

/** A master with detail everywhere (noise over a gradient), so each crop's pixels differ from the next one's. */
async function masterJpeg(size = MASTER): Promise<Buffer> {
  const noise = await sharp({
    create: { ...size, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return noise;
}

describe.each(TEST_ENGINES)('print pack API on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let customer: string;
  let store: LocalStorage;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    customer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    store = new LocalStorage(`${t.dataDir}/private`);
  }, 30_000);
  afterAll(() => t.close());

  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, cookie = owner) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  async function upload(kind: 'preview' | 'private', name: string, content: Buffer) {
    const body = multipart([{ name, content }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/uploads?kind=${kind}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: owner },
    });
    expect(response.statusCode).toBe(201);
    return response.json().files[0] as { url: string; path: string };
  }

  async function artworkWithMaster(master: Buffer, title = 'Museum Arches'): Promise<number> {
    const preview = await upload('preview', 'preview.jpg', await sharp(master).resize(800).jpeg().toBuffer());
    const file = await upload('private', 'master.jpg', master);
    const created = await send('POST', '/api/artworks', {
      title,
      artist: 'Ines Roux',
      price: 12,
      description: 'Arches in afternoon light.',
      category: 'urban',
      tags: 'arches',
      previewUrl: preview.url,
      media: [],
      dimensions: 'any',
      format: 'PNG',
      googleDriveLink: null,
      privateFileKey: file.path,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  }

  async function packWhen(id: number, done: (pack: OwnerPrintPack) => boolean): Promise<OwnerPrintPack> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await send('GET', `/api/admin/artworks/${id}/print-pack`);
      expect(response.statusCode).toBe(200);
      const pack = response.json<OwnerPrintPack>();
      if (done(pack)) return pack;
      if (Date.now() > deadline) {
        const rows = await t.db.selectFrom('print_packs').selectAll().where('artwork_id', '=', id).execute();
        throw new Error(`pack not there in time: ${JSON.stringify(pack.progress)} ${JSON.stringify(rows)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  const fileRows = (id: number) =>
    t.db
      .selectFrom('print_pack_files')
      .innerJoin('print_packs', 'print_packs.id', 'print_pack_files.pack_id')
      .select(['print_packs.id as packId', 'ratio', 'format', 'file_key', 'crop', 'width', 'height'])
      .where('print_packs.artwork_id', '=', id)
      .orderBy('print_packs.id')
      .orderBy('print_pack_files.id')
      .execute();

  let artworkId: number;

  it('makes the six ratio files in the background after the upload: each its ratio, within the master, 300 DPI', async () => {
    artworkId = await artworkWithMaster(await masterJpeg());
    const pack = await packWhen(artworkId, (p) => p.progress.status === 'ready');
    expect(pack.master).toEqual(MASTER);
    expect(pack.progress).toEqual({ status: 'ready', done: 6, total: 6, error: null });
    expect(pack.ratios.map((r) => r.ratio)).toEqual([...RATIO_IDS]);

    const rows = await fileRows(artworkId);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const bytes = await store.get(row.file_key!);
      expect(bytes, row.ratio).not.toBeNull();
      const meta = await sharp(bytes!).metadata();
      const aspect = aspectOf(printRatio(row.ratio), orientationOf(MASTER));
      expect(ratioError(meta.width, meta.height, aspect), row.ratio).toBeLessThanOrEqual(RATIO_TOLERANCE);
      expect(meta.width).toBeLessThanOrEqual(MASTER.width);
      expect(meta.height).toBeLessThanOrEqual(MASTER.height);
      // The largest crop: as wide or as tall as the master.
      expect(meta.width === MASTER.width || meta.height === MASTER.height, row.ratio).toBe(true);
      expect(meta.density).toBe(PRINT_DPI);
      expect([meta.width, meta.height]).toEqual([row.width, row.height]);
    }

    // Pinterest's 2:3 image, public, from the master's 2:3 crop (1800 × 2400 has a 1600 × 2400 one): 1000 × 1500.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/artworks/${artworkId}` })).json();
    expect(detail.pinImageUrl).toMatch(new RegExp(`^${t.config.publicUrl}/files/pins/${artworkId}-\\d+-2x3\\.jpg$`));
    const pin = await t.app.inject({ method: 'GET', url: new URL(detail.pinImageUrl).pathname });
    expect(pin.statusCode).toBe(200);
    const pinMeta = await sharp(pin.rawPayload).metadata();
    expect([pinMeta.width, pinMeta.height]).toEqual([1000, 1500]);
  }, 90_000);

  it('moves the 4:5 crop: a new generation remakes that file only, and the old pack serves until it is ready', async () => {
    const before = await fileRows(artworkId);
    const crop45 = (await packWhen(artworkId, () => true)).ratios.find((r) => r.ratio === '4x5')!.crop;
    // 4:5 of a 3:4 master is as wide as the master: it moves up and down only. To the top, unless the starting crop
    // (the picture's most salient spot: random noise here) is there already; then to the bottom.
    const moved = { ...crop45, top: crop45.top > 0.01 ? 0 : 1 - crop45.height };
    const answer = await send('PUT', `/api/admin/artworks/${artworkId}/print-pack`, {
      ratios: [...RATIO_IDS],
      crops: { '4x5': moved },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<OwnerPrintPack>().ratios.find((r) => r.ratio === '4x5')).toMatchObject({ cropped: true });

    const pack = await packWhen(artworkId, (p) => p.progress.status === 'ready');
    expect(pack.ratios.find((r) => r.ratio === '4x5')!.crop.top).toBeCloseTo(moved.top, 3);
    const after = (await fileRows(artworkId)).filter((row) => row.packId > before.at(-1)!.packId);
    expect(after).toHaveLength(6);
    for (const row of after) {
      const earlier = before.find((old) => old.ratio === row.ratio)!;
      if (row.ratio === '4x5') expect(row.file_key).not.toBe(earlier.file_key);
      else expect(row.file_key, row.ratio).toBe(earlier.file_key);
    }
    // The new 4:5 file starts where the crop was moved: its first row is that row of the master.
    const newFile = after.find((row) => row.ratio === '4x5')!;
    const top = await sharp((await store.get(newFile.file_key!))!)
      .extract({ left: 0, top: 0, width: 50, height: 1 })
      .raw()
      .toBuffer();
    const masterTop = await sharp(await masterOf(artworkId))
      .extract({ left: 0, top: Math.round(moved.top * MASTER.height), width: 50, height: 1 })
      .raw()
      .toBuffer();
    const difference = top.reduce((sum, value, index) => sum + Math.abs(value - masterTop[index]!), 0) / top.length;
    expect(difference).toBeLessThan(8);
  }, 90_000);

  async function masterOf(id: number): Promise<Buffer> {
    const row = await t.db
      .selectFrom('artworks')
      .select('private_file_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return (await store.get(row.private_file_key!))!;
  }

  it('refuses a crop outside the picture, of the wrong ratio or smaller than the largest, naming the field', async () => {
    const url = `/api/admin/artworks/${artworkId}/print-pack`;
    const cases: Array<[object, string]> = [
      [{ left: -0.1, top: 0, width: 1, height: 0.8 }, 'left'],
      [{ left: 0.5, top: 0, width: 1, height: 0.8 }, 'width'],
      [{ left: 0, top: 0, width: 1, height: 0.5 }, 'height'],
      [{ left: 0.1, top: 0.1, width: 0.5, height: 0.46875 }, 'width'],
    ];
    for (const [crop, field] of cases) {
      const response = await send('PUT', url, { ratios: [...RATIO_IDS], crops: { '4x5': crop } });
      expect(response.statusCode, JSON.stringify(crop)).toBe(400);
      expect(Object.keys(response.json().details), JSON.stringify(crop)).toContain(field);
    }
    const none = await send('PUT', url, { ratios: [], crops: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toHaveProperty('ratios');
    expect((await send('POST', `${url}/retry`, { ratio: '4x5' })).statusCode).toBe(409);
    expect((await send('GET', url, undefined, customer)).statusCode).toBe(403);
    expect((await send('GET', '/api/admin/artworks/999999/print-pack')).statusCode).toBe(404);
  });

  it('offers the ratios the owner keeps: dropping two makes a pack of four without making anything again', async () => {
    const before = await fileRows(artworkId);
    const response = await send('PUT', `/api/admin/artworks/${artworkId}/print-pack`, {
      ratios: ['2x3', '4x5', '5x7', 'iso-a'],
      crops: {},
    });
    expect(response.statusCode).toBe(200);
    const pack = response.json<OwnerPrintPack>();
    expect(pack.progress).toEqual({ status: 'ready', done: 4, total: 4, error: null });
    expect(pack.ratios.filter((r) => r.offered).map((r) => r.ratio)).toEqual(['2x3', '4x5', '5x7', 'iso-a']);
    expect((await fileRows(artworkId)).length).toBe(before.length + 4);
    const list = await send('GET', '/api/admin/print-packs');
    expect(list.json().items).toContainEqual({ artworkId, status: 'ready', done: 4, total: 4, error: null });
  });

  it('fails a damaged master with the reason, and the owner can retry a failed ratio', async () => {
    const whole = await masterJpeg({ width: 1500, height: 1500 });
    const id = await artworkWithMaster(whole, 'Broken Arches');
    await packWhen(id, (p) => p.progress.status === 'ready');
    // The file goes bad in storage after the upload (a disk error, a bad copy): only the pack can find out.
    const key = (
      await t.db.selectFrom('artworks').select('private_file_key').where('id', '=', id).executeTakeFirstOrThrow()
    ).private_file_key!;
    await store.put(key, whole.subarray(0, whole.length / 3), 'image/jpeg');
    await t.db.updateTable('artworks').set({ print_crops: '{}' }).where('id', '=', id).execute();
    const start = (await packWhen(id, () => true)).ratios.find((r) => r.ratio === '2x3')!.crop;
    const moved = await send('PUT', `/api/admin/artworks/${id}/print-pack`, {
      ratios: [...RATIO_IDS],
      crops: { '2x3': { left: start.left > 0.01 ? 0 : 1 / 3, top: 0, width: 2 / 3, height: 1 } },
    });
    expect(moved.statusCode).toBe(200);
    const failed = await packWhen(id, (p) => p.progress.status === 'failed');
    expect(failed.progress.error).toMatch(/damaged or cut short/);
    expect(failed.ratios.find((r) => r.ratio === '2x3')!.file).toMatchObject({ status: 'failed' });

    await store.put(key, whole, 'image/jpeg');
    const retried = await send('POST', `/api/admin/artworks/${id}/print-pack/retry`, { ratio: '2x3' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<OwnerPrintPack>().progress.status).toMatch(/queued|making|ready/);
    const ready = await packWhen(id, (p) => p.progress.status === 'ready');
    expect(ready.ratios.find((r) => r.ratio === '2x3')!.file).toMatchObject({ status: 'ready', width: 1000 });
  }, 90_000);

  it('queues the pack of a bought artwork that has none ahead of the rest', async () => {
    const id = await artworkWithMaster(await masterJpeg({ width: 1500, height: 1500 }), 'Quiet Harbour');
    await packWhen(id, (p) => p.progress.status === 'ready');
    // As a demo artwork, or one from before packs: no pack at all.
    await dropPacks(id);
    await buyWithTestCard(t, customer, { items: [{ id, quantity: 1 }], email: 'buyer@shop.test' });
    // The test provider's payment event may be what records the payment, a moment after the confirmation answers.
    const queued = await vi.waitFor(
      async () => {
        const rows = await t.db.selectFrom('print_packs').select(['priority']).where('artwork_id', '=', id).execute();
        if (rows.length === 0) throw new Error('no pack queued yet');
        return rows;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]!.priority).toBe(20);

    // An order from before packs existed: its buyer's library asks for the pack, and says it is being prepared.
    await dropPacks(id);
    const library = await t.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie: customer } });
    const item = library
      .json<{
        orders: Array<{ items: Array<{ artworkId: number; pack: { status: string; total: number } | null }> }>;
      }>()
      .orders.flatMap((order) => order.items)
      .find((line) => line.artworkId === id)!;
    expect(item.pack).toMatchObject({ status: 'preparing', total: 6 });
    const asked = await t.db.selectFrom('print_packs').select(['priority']).where('artwork_id', '=', id).execute();
    expect(asked).toEqual([{ priority: 20 }]);
  }, 90_000);

  async function dropPacks(id: number) {
    const packs = await t.db.selectFrom('print_packs').select('id').where('artwork_id', '=', id).execute();
    await t.db
      .deleteFrom('print_pack_files')
      .where(
        'pack_id',
        'in',
        packs.map((p) => p.id),
      )
      .execute();
    await t.db.deleteFrom('print_packs').where('artwork_id', '=', id).execute();
  }

  it('lets a claim lapse when its worker died, and another worker takes the pack then, once', async () => {
    const id = await artworkWithMaster(await masterJpeg({ width: 1500, height: 1500 }), 'Lapsed Claim');
    await packWhen(id, (p) => p.progress.status === 'ready');
    await t.db
      .updateTable('print_pack_files')
      .set({ status: 'queued' })
      .where('pack_id', 'in', t.db.selectFrom('print_packs').select('id').where('artwork_id', '=', id))
      .execute();
    // Far in the future, so the app's own worker cannot take it first.
    const later = new Date(Date.now() + 3_600_000);
    await t.db
      .updateTable('print_packs')
      .set({ next_attempt_at: later.toISOString() })
      .where('artwork_id', '=', id)
      .execute();
    const inAnHour = new Date(later.getTime() + 1);
    const first = await claimDuePack(t.db, {
      now: inAnHour,
      until: new Date(inAnHour.getTime() + 30_000),
      worker: 'a',
    });
    expect(first?.artwork_id).toBe(id);
    const meanwhile = await claimDuePack(t.db, {
      now: new Date(inAnHour.getTime() + 29_000),
      until: later,
      worker: 'b',
    });
    expect(meanwhile).toBeUndefined();
    const afterLapse = new Date(inAnHour.getTime() + 30_001);
    const second = await claimDuePack(t.db, {
      now: afterLapse,
      until: new Date(afterLapse.getTime() + 30_000),
      worker: 'b',
    });
    expect(second).toMatchObject({ id: first!.id, claimed_by: 'b' });
  }, 90_000);
});
