import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePalette } from '#shared/catalogue/browse-facets.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { createAppStorages } from '../../../app';
import type { StorageProvider } from '../../../providers/storage/storage-provider';
import { backfillPictureFacts, type BackfillDeps } from './backfill-picture-facts';

const quiet = { warn: () => undefined, info: () => undefined };

const webp = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toBuffer();

describe.each(TEST_ENGINES)('picture facts backfill on %s', (engine) => {
  let t: TestApp;
  let publicStore: StorageProvider;

  beforeAll(async () => {
    t = await createTestApp(engine);
    publicStore = createAppStorages(t.config, t.db).publicStore;
  });
  afterAll(() => t.close());

  /** An artwork whose picture is one rendition at `key` in the public store (stored only when `body` is given). */
  async function artworkWithPicture(key: string, size: { width: number; height: number }, body?: Buffer) {
    if (body) await publicStore.put(key, body, 'image/webp');
    const url = publicStore.publicUrl(key);
    const [id] = await insertTestArtworks(t.db, [{ imageUrl: url, previewUrl: url, images: [{ url, ...size }] }]);
    return id!;
  }
  const factsOf = async (id: number) => {
    const row = await t.db
      .selectFrom('artworks')
      .select(['palette', 'orientation'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { families: parsePalette(row.palette).map((color) => color.family), ...row };
  };

  it('gives the artworks without a palette one, a few at a time, and skips what it cannot read', async () => {
    const blue = await artworkWithPicture(
      'backfill/blue-1600.webp',
      { width: 1600, height: 800 },
      await webp(1600, 800, '#1e63c4'),
    );
    const green = await artworkWithPicture(
      'backfill/green-800.webp',
      { width: 800, height: 1000 },
      await webp(800, 1000, '#388e3c'),
    );
    const missing = await artworkWithPicture('backfill/gone-800.webp', { width: 800, height: 800 });
    const damaged = await artworkWithPicture('backfill/damaged.webp', { width: 900, height: 600 }, Buffer.from('nope'));
    const outside = 'https://pictures.elsewhere.test/sunset.webp';
    const [elsewhere] = await insertTestArtworks(t.db, [
      { imageUrl: outside, images: [{ url: outside, width: 1000, height: 3000 }] },
    ]);
    // One that has its palette already is not read again.
    const done = await artworkWithPicture(
      'backfill/done-400.webp',
      { width: 400, height: 400 },
      await webp(400, 400, '#000000'),
    );
    const kept = JSON.stringify([{ hex: '#123456', weight: 1, family: 'blue' }]);
    await t.db.updateTable('artworks').set({ palette: kept, orientation: 'square' }).where('id', '=', done).execute();

    let bumps = 0;
    const saved: number[] = [];
    const deps: BackfillDeps = {
      db: t.db,
      publicStore,
      log: quiet,
      afterSave: async (id) => void saved.push(id),
      catalogChanged: async () => void (bumps += 1),
    };
    const outcome = await backfillPictureFacts(deps, new AbortController().signal, { batchSize: 2, pauseMs: 1 });

    expect(outcome).toEqual({ saved: 2, skipped: 2, failed: 1 });
    expect(await factsOf(blue)).toMatchObject({ families: ['blue'], orientation: 'panoramic' });
    expect(await factsOf(green)).toMatchObject({ families: ['green'], orientation: 'portrait' });
    // No palette where the picture is missing, damaged or elsewhere; the orientation from the recorded size all the same.
    expect(await factsOf(missing)).toEqual({ families: [], palette: null, orientation: 'square' });
    expect(await factsOf(damaged)).toEqual({ families: [], palette: null, orientation: 'landscape' });
    expect(await factsOf(elsewhere!)).toEqual({ families: [], palette: null, orientation: 'portrait' });
    expect(await factsOf(done)).toMatchObject({ palette: kept, orientation: 'square' });
    expect(saved.sort((a, b) => a - b)).toEqual([blue, green, missing, damaged, elsewhere]);
    // Once, at the end of the run (a run this short saves within one 10 s window).
    expect(bumps).toBe(1);

    // A second run finds only those it cannot read, learns nothing new and writes nothing.
    const again = await backfillPictureFacts(deps, new AbortController().signal, { batchSize: 2, pauseMs: 1 });
    expect(again).toEqual({ saved: 0, skipped: 2, failed: 1 });
    expect(bumps).toBe(1);
  });

  it('stops when the worker stops, and never writes facts over a picture that changed meanwhile', async () => {
    const id = await artworkWithPicture(
      'backfill/stop-800.webp',
      { width: 800, height: 800 },
      await webp(800, 800, '#fbc02d'),
    );
    const stopped = new AbortController();
    stopped.abort();
    const deps: BackfillDeps = { db: t.db, publicStore, log: quiet, catalogChanged: async () => undefined };
    expect(await backfillPictureFacts(deps, stopped.signal)).toEqual({ saved: 0, skipped: 0, failed: 0 });
    expect(await factsOf(id)).toMatchObject({ palette: null });

    // The owner gives it another picture while the backfill reads the old one: the old one's facts are not kept.
    const slowStore: StorageProvider = Object.create(publicStore, {
      get: {
        value: async (key: string) => {
          const bytes = await publicStore.get(key);
          await t.db.updateTable('artworks').set({ images: '[]' }).where('id', '=', id).execute();
          return bytes;
        },
      },
    });
    await backfillPictureFacts({ ...deps, publicStore: slowStore }, new AbortController().signal);
    expect(await factsOf(id)).toMatchObject({ palette: null });
  });
});

describe('the backfill in the running app', () => {
  it('reads the palettes of artworks without one within seconds of the start', async () => {
    const t = await createTestApp('sqlite');
    try {
      const store = createAppStorages(t.config, t.db).publicStore;
      await store.put('demo/start-1600.webp', await webp(1600, 2000, '#7b1fa2'), 'image/webp');
      const url = store.publicUrl('demo/start-1600.webp');
      const [id] = await insertTestArtworks(t.db, [{ imageUrl: url, images: [{ url, width: 1600, height: 2000 }] }]);
      await t.app.ready();
      const started = Date.now();
      let palette: string | null = null;
      while (palette === null && Date.now() - started < 8_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const row = await t.db.selectFrom('artworks').select('palette').where('id', '=', id!).executeTakeFirstOrThrow();
        palette = row.palette;
      }
      expect(parsePalette(palette).map((color) => color.family)).toEqual(['purple']);
      // The catalogue's kept answers were made stale, not dropped: the palettes' shared version moved on, the
      // owner's did not.
      const version = (key: string) =>
        t.db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
      await expect.poll(async () => (await version('catalog-palettes-version'))?.value).toBeTruthy();
      expect(await version('catalog-version')).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
