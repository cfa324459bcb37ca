import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { storeEventBus } from '#test-support/store-events.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { setMasterSize } from '../../print-pack/repository';
import { syncArtworkFacets } from './sync-artwork-facets';
import { syncCatalogueFacets } from './sync-catalogue-facets';

const BLUE_AND_WHITE = JSON.stringify([
  { hex: '#1e63c4', weight: 0.7, family: 'blue' },
  { hex: '#fafafa', weight: 0.3, family: 'white' },
]);

// The facets follow every writer of the columns they come from, and go with a deleted artwork.
describe.each(TEST_ENGINES)('an artwork\u2019s facets kept in step on %s', (engine) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
  });
  afterAll(() => t.close());

  const facetsOf = async (id: number) =>
    (await t.db.selectFrom('artwork_facets').select('facet').where('artwork_id', '=', id).execute())
      .map((row) => row.facet)
      .sort();

  async function artworkWith(columns: { palette?: string; orientation?: 'landscape' | 'panoramic' }) {
    const [id] = (await insertTestArtworks(t.db, [{ title: 'Bay' }])) as [number];
    await t.db
      .updateTable('artworks')
      .set({ ...columns, private_file_key: `private/master-${id}.png` })
      .where('id', '=', id)
      .execute();
    await syncArtworkFacets(t.db, id);
    return id;
  }

  it('works them out from the row, and again to the same rows', async () => {
    const id = await artworkWith({ palette: BLUE_AND_WHITE, orientation: 'panoramic' });
    const once = await facetsOf(id);
    expect(once).toEqual(['color:blue', 'color:white', 'orientation:landscape', 'orientation:panoramic']);
    await syncArtworkFacets(t.db, id);
    await syncArtworkFacets(t.db, id);
    expect(await facetsOf(id)).toEqual(once);
  });

  it('lists the frames once the print pack learns the master\u2019s size, and only those of offered ratios', async () => {
    const id = await artworkWith({ orientation: 'landscape' });
    expect(await facetsOf(id)).toEqual(['orientation:landscape']);
    // 5400 × 3600 at 300 DPI: 12 × 18 in of 2:3 but not 16 × 24; 3:4's 9 × 12 in from 4800 × 3600; 4:5's 8 × 10
    // in from 4500 × 3600; ISO A's A3 from 3600 × 5091…
    const events = storeEventBus(t.db, t.config, t.app.log);
    const size = { width: 5400, height: 3600 };
    expect(await setMasterSize(t.db, events, { artworkId: id, masterKey: `private/master-${id}.png`, size })).toBe(
      true,
    );
    const frames = (await facetsOf(id)).filter((facet) => facet.startsWith('frame:'));
    expect(frames).toEqual(expect.arrayContaining(['frame:12x18', 'frame:9x12', 'frame:8x10', 'frame:a3', 'frame:a4']));
    expect(frames).not.toContain('frame:16x24');
    expect(frames).not.toContain('frame:a2');

    // The owner offers ISO A only: the inch frames go, A4 stays.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/artworks/${id}/print-pack`,
      headers: { cookie: owner },
      payload: { ratios: ['iso-a'], crops: {} },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await facetsOf(id)).filter((facet) => facet.startsWith('frame:'))).toEqual([
      'frame:a3',
      'frame:a4',
      'frame:a5',
    ]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/artworks?frame=8x10' });
    expect(listed.json().items.map((item: { id: number }) => item.id)).not.toContain(id);
  });

  it('drops them with the artwork', async () => {
    const id = await artworkWith({ palette: BLUE_AND_WHITE });
    expect(await facetsOf(id)).toEqual(['color:blue', 'color:white']);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/artworks/${id}`, headers: { cookie: owner } });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await facetsOf(id)).toEqual([]);
  });

  it('works out the whole catalogue\u2019s at the first start under these rules, and then reads nothing', async () => {
    const id = await artworkWith({ palette: BLUE_AND_WHITE, orientation: 'landscape' });
    // As a database migrated to 0016 holds them: artworks with a palette and no facets yet.
    await t.db.deleteFrom('artwork_facets').execute();
    const artworks = await t.db
      .selectFrom('artworks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(await syncCatalogueFacets(t.db)).toBe(Number(artworks?.n));
    expect(await facetsOf(id)).toEqual(['color:blue', 'color:white', 'orientation:landscape']);
    await t.db.deleteFrom('artwork_facets').where('artwork_id', '=', id).execute();
    expect(await syncCatalogueFacets(t.db)).toBe(0);
    expect(await facetsOf(id)).toEqual([]);
  });

  // PostgreSQL writes a search row again with each change of its artwork's facets (their codes, migration 0018).
  it.runIf(engine === 'postgres')(
    'frees the old search rows after a sync that changed most facets, without writing the table anew',
    async () => {
      const ids = await insertTestArtworks(
        t.db,
        Array.from({ length: 400 }, (_, i) => ({
          title: `Harbour study ${i}`,
          description: 'Blue water. '.repeat(20),
        })),
      );
      await t.db.updateTable('artworks').set({ palette: BLUE_AND_WHITE }).where('id', 'in', ids).execute();
      await t.db.deleteFrom('app_meta').where('key', '=', 'artwork-facets-rules').execute();
      const tableState = async () =>
        (
          await sql<{ file: number; vacuums: number }>`select c.relfilenode::int as file,
            coalesce(s.vacuum_count, 0)::int as vacuums from pg_class c
            join pg_stat_user_tables s on s.relid = c.oid where c.oid = 'artworks_search_text'::regclass`.execute(t.db)
        ).rows[0]!;
      const before = await tableState();
      expect(await syncCatalogueFacets(t.db)).toBeGreaterThanOrEqual(400);
      const after = await tableState();
      // CLUSTER or VACUUM FULL would have written a new file, holding a lock that stops every search meanwhile.
      expect(after.file).toBe(before.file);
      expect(after.vacuums).toBe(before.vacuums + 1);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from artworks_search_text s
        where s.id in (${sql.join(ids)}) and s.facet_codes @> array[(select code from facet_codes
          where facet = 'color:blue')]`.execute(t.db);
      expect(rows[0]!.n).toBe(400);
    },
  );

  it.runIf(engine === 'postgres')(
    'writes search entries straight into the GIN indexes, and has autovacuum visit the table after 2 % of changes',
    async () => {
      const { rows } = await sql<{ name: string; options: string[] | null }>`select relname as name,
        reloptions as options from pg_class where oid in ('artworks_search_text'::regclass,
        'artworks_search_text_trgm'::regclass, 'artworks_search_text_pairs'::regclass) order by relname`.execute(t.db);
      expect(rows).toEqual([
        {
          name: 'artworks_search_text',
          options: ['autovacuum_vacuum_scale_factor=0.02', 'autovacuum_analyze_scale_factor=0.02'],
        },
        { name: 'artworks_search_text_pairs', options: ['fastupdate=off'] },
        { name: 'artworks_search_text_trgm', options: ['fastupdate=off'] },
      ]);
    },
  );
});
