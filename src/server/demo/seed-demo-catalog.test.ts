import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIENTATIONS } from '../../shared/catalogue/browse-facets';
import { framesFilled } from '../../shared/catalogue/frames-filled';
import { CATEGORY_IDS } from '../../shared/catalogue/categories';
import { RATIO_IDS } from '../../shared/prints/print-sizes';
import { PUBLIC_FILES_PATH } from '../http/static-files';
import { LocalStorage } from '../providers/storage/local-storage';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { getArtworkDetail, listArtworks } from '../modules/artworks/service';
import { demoCodeOffer } from '../modules/discounts';
import { listSetsOnSale } from '../modules/sets';
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

  it('stores real WebP images in three widths for every artwork, each as high as its shape makes it', async () => {
    const { items } = await listArtworks(t.db, { sort: 'newest', limit: 100, offset: 0 });
    for (const artwork of items) {
      expect(artwork.images.map((i) => i.width)).toEqual([400, 800, 1600]);
      expect(artwork.images[0]!.url).toMatch(/\/files\/demo\/v2\/artwork-\d{4}-400\.webp$/);
      const [small, , large] = artwork.images;
      // One shape at every width, to the rounding of a pixel.
      expect(Math.abs(small!.height * 4 - large!.height)).toBeLessThanOrEqual(4);
    }
    // Reading every file would be slow: the first ten, and every shape.
    const shapes = new Map(items.map((artwork) => [artwork.images[0]!.height, artwork]));
    for (const artwork of [...items.slice(0, 10), ...shapes.values()]) {
      const file = path.join(filesDir, artwork.images[0]!.url.replace('/files/', ''));
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 400, height: artwork.images[0]!.height });
    }
    // 2:3, 3:4, 4:5 upright; 3:2, 4:3, 5:4 on their side; square; 2:1 and 3:1.
    expect([...shapes.keys()].sort((a, b) => a - b)).toEqual([133, 200, 267, 300, 320, 400, 500, 533, 600]);
  });

  it('records each artwork’s orientation, every one of them found', async () => {
    const rows = await t.db.selectFrom('artworks').select('orientation').execute();
    const counts = Object.fromEntries(ORIENTATIONS.map((o) => [o, rows.filter((r) => r.orientation === o).length]));
    expect(counts).toEqual({ portrait: 38, landscape: 12, square: 6, panoramic: 4 });
  });

  it('gives every artwork the key of its print file in the private store (drawn on its first download)', async () => {
    const rows = await t.db.selectFrom('artworks').select('private_file_key').execute();
    expect(rows).toHaveLength(60);
    for (const row of rows) expect(row.private_file_key).toMatch(/^demo\/v2\/artwork-\d{4}\.png$/);
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
    // The others: the smallest of their shape around 4800 × 6000 (on its side for a landscape one).
    const sizes = new Set(
      rows.filter((r) => r.master_width !== 8640).map((r) => `${r.master_width}x${r.master_height}`),
    );
    expect([...sizes].sort()).toEqual(
      [
        '4800x6000',
        '4800x6400',
        '4800x7200',
        '6000x4800',
        '6400x4800',
        '7200x4800',
        '6000x6000',
        '9600x4800',
        '14400x4800',
      ].sort(),
    );
    for (const row of rows.filter((r) => r.master_width !== 8640)) {
      expect(row.dimensions).toBe(
        `2:3, 3:4, 4:5, 5:7, 11:14, ISO A (1:√2) · ${row.master_width} × ${row.master_height} px`,
      );
      // Every ratio prints at least as large as from a 4800 × 6000 master.
      const short = Math.min(row.master_width!, row.master_height!);
      const long = Math.max(row.master_width!, row.master_height!);
      expect(short).toBeGreaterThanOrEqual(4800);
      expect(long).toBeGreaterThanOrEqual(6000);
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

  it('comes with three sets on sale, each of one category, below the sum of its pieces', async () => {
    const sets = await listSetsOnSale(t.db);
    expect(sets.map((set) => set.pieces.length).sort()).toEqual([2, 3, 4]);
    for (const set of sets) {
      expect(set.personal!.price).toBeLessThan(set.personal!.sum);
      expect(set.title).toMatch(/ (Trio|Pair|Gallery Wall)$/);
    }
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
