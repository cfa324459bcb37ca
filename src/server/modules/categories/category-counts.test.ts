import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkInput, insertTestArtworks } from '#test-support/artwork-factory.ts';
import { quietLog } from '#test-support/store-events.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { EventBus } from '../../events/event-bus';
import { artworkFieldsToRow, artworkInputToRow } from '../artworks/artwork-row';
import { countArtworksByCategory } from '../artworks/repository';
import { bulkChangeArtworks } from '../artworks/write-service';
import { deleteArtworkRows, insertArtwork, updateArtworkRow, updateArtworkRows } from '../artworks/write-repository';

// The category list reads counts that triggers keep (migration 0007). After every kind of write they must equal
// what counting the catalogue itself gives.
describe.each(TEST_ENGINES)('category counts kept by triggers on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.close());
  const writes = () => ({ db: t.db, events: new EventBus({ db: t.db, log: quietLog }) });

  async function counted() {
    const rows = await t.db
      .selectFrom('artworks')
      .select((eb) => [
        'category',
        eb.fn.countAll().as('artworks'),
        eb.fn.sum<number | string>('is_featured').as('featured'),
        eb.fn.sum<number | string>('is_new_arrival').as('newArrivals'),
      ])
      .groupBy('category')
      .execute();
    return rows.map((r) => ({
      category: r.category,
      artworks: Number(r.artworks),
      featured: Number(r.featured),
      newArrivals: Number(r.newArrivals),
    }));
  }
  // Categories whose works have all gone keep a row of zeros; the list shows 0 for them either way.
  const kept = async () =>
    (await countArtworksByCategory(t.db)).filter((c) => c.artworks !== 0 || c.featured !== 0 || c.newArrivals !== 0);
  const byCategory = <T extends { category: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.category.localeCompare(b.category));
  const expectExact = async () => expect(byCategory(await kept())).toEqual(byCategory(await counted()));

  it('counts a multi-row insert, as the demo seeder and imports write', async () => {
    await insertTestArtworks(t.db, [
      { category: 'nature', isFeatured: true },
      { category: 'nature', isNewArrival: true },
      { category: 'nature', isFeatured: true, isNewArrival: true },
      { category: 'vintage' },
      { category: 'urban', isFeatured: true },
    ]);
    await expectExact();
    expect((await countArtworksByCategory(t.db)).find((c) => c.category === 'nature')).toEqual({
      category: 'nature',
      artworks: 3,
      featured: 2,
      newArrivals: 2,
    });
  });

  it('follows a created artwork, an edit of its category and flags, and its deletion', async () => {
    const id = await insertArtwork(t.db, artworkInputToRow(artworkInput({ category: 'abstract', isFeatured: true })));
    await expectExact();
    await updateArtworkRow(t.db, id, artworkFieldsToRow({ category: 'modern', isFeatured: false, isNewArrival: true }));
    await expectExact();
    expect((await countArtworksByCategory(t.db)).find((c) => c.category === 'abstract')).toMatchObject({
      artworks: 0,
      featured: 0,
    });
    // An edit that changes none of the counted columns, and one that sets them to what they are.
    await updateArtworkRow(t.db, id, { title: 'Renamed', download_count: 7 });
    await updateArtworkRow(t.db, id, artworkFieldsToRow({ category: 'modern', isNewArrival: true }));
    await expectExact();
    await deleteArtworkRows(t.db, [id]);
    await expectExact();
  });

  it('follows bulk changes and bulk deletion, inside their transaction or rolled back with it', async () => {
    const ids = await insertTestArtworks(
      t.db,
      Array.from({ length: 6 }, (_, i) => ({ category: i % 2 ? 'classic' : 'geometric' })),
    );
    await bulkChangeArtworks(writes(), { ids: ids.slice(0, 4), changes: { isFeatured: true, category: 'typography' } });
    await expectExact();
    await updateArtworkRows(t.db, ids, artworkFieldsToRow({ isNewArrival: true }));
    await expectExact();
    await expect(
      bulkChangeArtworks(writes(), { ids: [ids[0] as number, 999_999], changes: { category: 'nature' } }),
    ).rejects.toThrow();
    await expectExact();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await deleteArtworkRows(trx, ids);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expectExact();
    expect((await countArtworksByCategory(t.db)).find((c) => c.category === 'typography')).toMatchObject({
      artworks: 4,
      featured: 4,
      newArrivals: 4,
    });
    await bulkChangeArtworks(writes(), { ids, delete: true });
    await expectExact();
  });

  it('follows a plain SQL statement that no repository function wrote', async () => {
    await sql`update artworks set is_featured = 1 - is_featured, category = 'botanical' where category = 'nature'`.execute(
      t.db,
    );
    await expectExact();
    await sql`delete from artworks where category = 'urban'`.execute(t.db);
    await expectExact();
    expect(await kept()).not.toEqual([]);
  });
});
