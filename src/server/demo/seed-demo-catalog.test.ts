import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { framesFilled } from '../../shared/browse-facets';
import { CATEGORY_IDS } from '../../shared/categories';
import { RATIO_IDS } from '../../shared/print-sizes';
import { PUBLIC_FILES_PATH } from '../http/static-files';
import { LocalStorage } from '../providers/storage/local-storage';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { getArtworkDetail, listArtworks } from '../modules/artworks/service';
import { demoCodeOffer } from '../modules/discounts/demo-code';
import { seedDemoCatalog, seedDemoWhenAsked } from './seed-demo-catalog';

// Rendered images are shared by both engines' runs: the seeder skips files that already exist.
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-files-'));
afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));

describe.each(TEST_ENGINES)('the demo catalogue on %s', (engine) => {
  let t: TestDatabase;
  const storage = new LocalStorage(filesDir, { publicPath: PUBLIC_FILES_PATH });
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  }, 120_000);
  afterAll(() => t.close());

  it('adds at least 48 artworks over all ten categories, with prices from 4.90 to 24.90', async () => {
    expect(await seedDemoCatalog(t.db, storage)).toBeGreaterThanOrEqual(48);
    const { items, total } = await listArtworks(t.db, { sort: 'newest', limit: 100, offset: 0 });
    expect(total).toBeGreaterThanOrEqual(48);
    expect(new Set(items.map((a) => a.category))).toEqual(new Set(CATEGORY_IDS));
    for (const artwork of items) {
      expect(artwork.price).toBeGreaterThanOrEqual(4.9);
      expect(artwork.price).toBeLessThanOrEqual(24.9);
      expect(artwork.title).not.toBe('Untitled Artwork');
      expect(artwork.tags.length).toBeGreaterThan(0);
    }
    expect(items.some((a) => a.originalPrice !== null && a.originalPrice > a.price)).toBe(true);
    expect(items.some((a) => a.isFeatured)).toBe(true);
    expect(items.some((a) => a.isNewArrival)).toBe(true);
    expect(items.some((a) => a.downloadCount > 0)).toBe(true);
  }, 120_000);

  it('stores real WebP images in three widths for every artwork', async () => {
    const { items } = await listArtworks(t.db, { sort: 'newest', limit: 100, offset: 0 });
    for (const artwork of items.slice(0, 10)) {
      expect(artwork.images.map((i) => i.width)).toEqual([400, 800, 1600]);
      const file = path.join(filesDir, artwork.images[0]!.url.replace('/files/', ''));
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 400, height: 500 });
    }
  });

  it('gives every artwork the key of its print file in the private store (drawn on its first download)', async () => {
    const rows = await t.db.selectFrom('artworks').select('private_file_key').execute();
    expect(rows).toHaveLength(60);
    for (const row of rows) expect(row.private_file_key).toMatch(/^demo\/artwork-\d{4}\.png$/);
    expect(new Set(rows.map((row) => row.private_file_key)).size).toBe(60);
  });

  it('lists every demo artwork under the frames its master fills, from the first start', async () => {
    const rows = await t.db.selectFrom('artworks').select(['id', 'master_width', 'master_height']).execute();
    for (const row of rows) {
      const frames = framesFilled({ width: row.master_width!, height: row.master_height! }, RATIO_IDS);
      expect(frames.length).toBeGreaterThan(0);
      const stored = await t.db
        .selectFrom('artwork_facets')
        .select('facet')
        .where('artwork_id', '=', row.id)
        .where('facet', 'like', 'frame:%')
        .execute();
      expect(stored.map((facet) => facet.facet).sort()).toEqual(frames.map((frame) => `frame:${frame}`).sort());
    }
    const { total } = await listArtworks(t.db, { sort: 'newest', limit: 1, offset: 0, frame: '4x5' });
    expect(total).toBeGreaterThan(0);
  });

  it('records each master’s size and says it in Dimensions, and queues no print pack', async () => {
    const rows = await t.db
      .selectFrom('artworks')
      .select(['id', 'master_width', 'master_height', 'dimensions'])
      .orderBy('id')
      .execute();
    const large = rows.filter((row) => row.master_width === 8640);
    expect(large).toHaveLength(1);
    expect(large[0]).toMatchObject({
      master_height: 10800,
      dimensions: '2:3, 3:4, 4:5, 5:7, 11:14, ISO A (1:√2) · 8640 × 10800 px',
    });
    for (const row of rows.filter((r) => r.master_width !== 8640)) {
      expect(row).toMatchObject({
        master_width: 4800,
        master_height: 6000,
        dimensions: '2:3, 3:4, 4:5, 5:7, 11:14, ISO A (1:√2) · 4800 × 6000 px',
      });
    }
    // The public answer derives the same text and lists the print sizes before any master is drawn.
    const detail = await getArtworkDetail(t.db, String(large[0]!.id), 'http://127.0.0.1');
    expect(detail.dimensions).toBe(large[0]!.dimensions);
    expect(JSON.stringify(detail)).toContain('24 × 36 in');
    expect(await t.db.selectFrom('print_packs').select('id').execute()).toEqual([]);
  });

  it('comes with the code WELCOME10 (10 % off everything, no limit) and no automatic sale', async () => {
    const discounts = await t.db.selectFrom('discounts').selectAll().execute();
    expect(discounts).toHaveLength(1);
    expect(discounts[0]).toMatchObject({
      kind: 'code',
      code: 'WELCOME10',
      percent_off: 10,
      amount_off_cents: null,
      max_uses: null,
      once_per_customer: 0,
      scope: 'all',
      combines_with_sales: 0,
      active: 1,
    });
    // The checkout's test-mode note names it while it can be used, and not once the owner switches it off.
    expect(await demoCodeOffer(t.db, new Date(), 'usd')).toEqual({ code: 'WELCOME10', off: '10 % off' });
    await t.db.updateTable('discounts').set({ active: 0 }).where('code', '=', 'WELCOME10').execute();
    expect(await demoCodeOffer(t.db, new Date(), 'usd')).toBeNull();
    await t.db.updateTable('discounts').set({ active: 1 }).where('code', '=', 'WELCOME10').execute();
  });

  it('is not added twice', async () => {
    expect(await seedDemoCatalog(t.db, storage)).toBe(0);
    const { total } = await listArtworks(t.db, { sort: 'newest', limit: 1, offset: 0 });
    expect(total).toBe(60);
    expect(await t.db.selectFrom('discounts').select('code').execute()).toEqual([{ code: 'WELCOME10' }]);
  });
});

describe.each(TEST_ENGINES)('a store started with SEED_DEMO=false, on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.close());

  it('has neither the demo catalogue nor its code', async () => {
    const storage = new LocalStorage(filesDir, { publicPath: PUBLIC_FILES_PATH });
    expect(await seedDemoWhenAsked({ seedDemo: false }, t.db, storage)).toBe(0);
    expect(await t.db.selectFrom('artworks').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('discounts').select('id').execute()).toEqual([]);
    expect(await demoCodeOffer(t.db, new Date(), 'usd')).toBeNull();
  });
});
