import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
import { RATIO_TOLERANCE, ratioError } from '#shared/prints/print-sizes.ts';
import { downloadLibraryItem } from '#test-support/download-library.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createAppStorages } from '../app';
import { demoMasterKey } from './demo-master';
import { withDemoPrints } from './demo-print-storage';
import { seedDemoCatalog } from './seed-demo-catalog';

// The whole path of a demo artwork's print pack, as a store with the demo runs it: nothing made at seeding, the
// master drawn and the pack cut by the real worker once a buyer pays, My Downloads following it to the end.
// On the embedded engine only, as a new user's store runs: drawing a 29-megapixel master and cutting its six files
// takes a minute of both cores, and what the database does here (the pack's claim, its rows) is the print pack
// API's test, on both engines.
describe.each(['sqlite'] as const)('a demo artwork bought on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let artworkId: number;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { wrapStorages: withDemoPrints, printPacks: { everyMs: 500 } });
    await seedDemoCatalog(t.db, createAppStorages(t.config, t.db).publicStore);
    buyer = await signedInCookie(t.app, t.db, 'demo-buyer@shop.test', 'customer');
    // Golden Peaks: a 4800 × 6000 px master.
    const row = await t.db
      .selectFrom('artworks')
      .select('id')
      .where('private_file_key', '=', demoMasterKey(1))
      .executeTakeFirstOrThrow();
    artworkId = row.id;
  }, 120_000);
  afterAll(() => t.close());

  const libraryItem = (itemId: number) => downloadLibraryItem(t.app, buyer, itemId);

  it('queues no pack at seeding, then prepares the pack once paid and lists its six files', async () => {
    expect(await t.db.selectFrom('print_packs').select('id').execute()).toEqual([]);

    const { itemId } = await buyWithTestCard(t, buyer, {
      items: [{ id: artworkId, quantity: 1 }],
      email: 'demo-buyer@shop.test',
    });
    // The pack is queued just after the payment's commit, a moment after the confirmation answers.
    let first = await libraryItem(itemId);
    for (let tries = 0; first.pack === null && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      first = await libraryItem(itemId);
    }
    expect(first.pack).toMatchObject({ status: 'preparing', total: 6 });
    expect(first.pack!.done).toBeLessThan(first.pack!.total);
    expect(await t.db.selectFrom('print_packs').select('artwork_id').execute()).toEqual([{ artwork_id: artworkId }]);

    let item = first;
    const deadline = Date.now() + 90_000;
    while (item.pack?.status !== 'ready' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      item = await libraryItem(itemId);
    }
    expect(item.pack?.status).toBe('ready');
    expect(item.pack?.files.map((file) => file.ratio)).toEqual(['2x3', '3x4', '4x5', '5x7', '11x14', 'iso-a']);

    // The 2:3 file: the largest 2:3 crop of the 4800 × 6000 master, at 300 DPI.
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/downloads/${itemId}`,
      payload: { ratio: '2x3' },
      headers: { cookie: buyer },
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json<DownloadLink>().url });
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 4000, height: 6000, density: 300 });
    expect(ratioError(meta.width, meta.height, 2 / 3)).toBeLessThanOrEqual(RATIO_TOLERANCE);
  }, 120_000);
});
