import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { FailingStorage } from '#test-support/failing-storage.ts';
import { quietLog } from '#test-support/store-events.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { EventBus } from '../../events/event-bus';
import { LocalStorage } from '../../providers/storage/local-storage';
import { makePack } from './make-pack';
import { PACK_PRIORITY, queuePack } from './pack-generation';
import { claimDuePack, findNewestPack, findPackArtwork } from './repository';

const quiet = { warn: () => undefined, info: () => undefined };

describe.each(TEST_ENGINES)('making a pack while the file storage is down, on %s', (engine) => {
  let database: TestDatabase;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'make-pack-'));
  const privateStore = new FailingStorage(new LocalStorage(path.join(root, 'private')));
  const publicStore = new LocalStorage(path.join(root, 'files'), { publicPath: '/files/' });
  let catalogChanges = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const deps = () => ({
    db: database.db,
    privateStore,
    publicStore,
    log: quiet,
    events: new EventBus({ db: database.db, log: quietLog }),
    catalogChanged: async () => void (catalogChanges += 1),
  });

  it('puts the pack back in the queue with back-off, offers nothing half made, and completes once storage is back', async () => {
    const master = await sharp({ create: { width: 1500, height: 1800, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    await privateStore.put('originals/master.jpg', master, 'image/jpeg');
    const [artworkId] = await insertTestArtworks(database.db, [{ title: 'Storm Light' }]);
    await database.db
      .updateTable('artworks')
      .set({ private_file_key: 'originals/master.jpg' })
      .where('id', '=', artworkId!)
      .execute();
    const artwork = (await findPackArtwork(database.db, artworkId!))!;
    await queuePack(database.db, artwork, { priority: PACK_PRIORITY.background, now: new Date() });

    // Two files stored, then the S3 server "stops".
    privateStore.failPutsAfter(2);
    const now = new Date();
    const claimed = (await claimDuePack(database.db, { now, until: new Date(now.getTime() + 30_000), worker: 'w1' }))!;
    await makePack(deps(), claimed, 'w1');

    const afterFailure = (await findNewestPack(database.db, artworkId!))!;
    expect(afterFailure.pack).toMatchObject({ status: 'queued', attempts: 1, claimed_by: null });
    expect(afterFailure.pack.last_error).toMatch(/file storage could not be reached/);
    expect(new Date(afterFailure.pack.next_attempt_at).getTime()).toBeGreaterThanOrEqual(now.getTime() + 4_000);
    expect(afterFailure.files.filter((file) => file.status === 'ready')).toHaveLength(2);
    // Not due yet: the back-off holds it.
    expect(await claimDuePack(database.db, { now: new Date(), until: new Date(), worker: 'w2' })).toBeUndefined();

    privateStore.heal();
    const later = new Date(Date.now() + 6_000);
    const again = (await claimDuePack(database.db, {
      now: later,
      until: new Date(later.getTime() + 30_000),
      worker: 'w2',
    }))!;
    expect(again.id).toBe(claimed.id);
    const putsBefore = privateStore.putKeys.length;
    await makePack(deps(), again, 'w2');

    const done = (await findNewestPack(database.db, artworkId!))!;
    expect(done.pack).toMatchObject({ status: 'ready', last_error: null });
    expect(done.files.map((file) => file.status)).toEqual(Array(6).fill('ready'));
    // Only the four files missing were made and stored again.
    expect(privateStore.putKeys.length - putsBefore).toBe(4);
    // The master's size was learnt, once (the kept catalogue answers dropped then), and Pinterest's image made from
    // the 2:3 crop of the attempt that completed the pack, though its 2:3 file came from the first one.
    expect(catalogChanges).toBe(1);
    const row = (await findPackArtwork(database.db, artworkId!))!;
    expect(row).toMatchObject({ master_width: 1500, master_height: 1800 });
    expect(row.pin_image_url).toMatch(/^\/files\/pins\/\d+-\d+-2x3\.jpg$/);
    const pin = await sharp((await publicStore.get(row.pin_image_url!.replace('/files/', '')))!).metadata();
    expect([pin.width, pin.height]).toEqual([1000, 1500]);
  }, 60_000);
});
