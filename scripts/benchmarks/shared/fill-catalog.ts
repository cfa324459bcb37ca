import { sql, type Kysely } from 'kysely';
import { engineOf } from '#server/db/dialect.ts';
import type { Database, NewArtworkRow } from '#server/db/schema.ts';
import { seededRandom, type Random } from '#server/demo/random.ts';
import { artworkInputToRow, syncCatalogueFacets } from '#server/modules/artworks/index.ts';
import { MOCKUP_WIDTHS } from '#server/modules/room-mockups/compose-mockups.ts';
import { mockupSourceOf } from '#server/modules/room-mockups/mockup-repository.ts';
import { MOCKUP_SCENES } from '#shared/catalogue/mockup-scenes.ts';
import { generateArtwork } from './generate-artworks';
import { generateFacetColumns } from './generate-facet-columns';

// 800 rows of ~33 columns (~26,400 bound parameters) stay under both engines' limits (SQLite 32766, PostgreSQL 65535).
const BATCH_SIZE = 800;
const SEED = 20261121;
const FACETS_SEED = 20261126;

/**
 * The room mockups a settled store would have made, named like its pictures (URLs of files that do not exist).
 * Without them the store's first start queues a mockup job for each of 100,000 artworks and then fails them one by
 * one (no picture file): background work that is not the catalogue's to measure.
 */
function mockupColumns(row: NewArtworkRow): Pick<NewArtworkRow, 'mockups' | 'mockups_source'> {
  const source = mockupSourceOf(row.images);
  if (!source) return {};
  const stem = source.replace(/\.webp$/, '');
  const mockups = MOCKUP_SCENES.map((scene) => ({
    scene,
    images: MOCKUP_WIDTHS.map((width) => ({
      url: `${stem}-${scene}-${width}.webp`,
      width,
      height: Math.round((width * 2) / 3),
    })),
  }));
  return { mockups: JSON.stringify(mockups), mockups_source: source };
}

function generateBatch(
  randoms: Randoms,
  start: number,
  end: number,
  total: number,
  options: FillOptions,
): NewArtworkRow[] {
  const rows: NewArtworkRow[] = [];
  for (let index = start; index < end; index++) {
    const row = artworkInputToRow(generateArtwork(randoms.artwork, index, total));
    const facets = generateFacetColumns(randoms.facets);
    const unread = options.picturesRead === false ? { palette: null, orientation: null } : {};
    rows.push({ ...row, ...facets, ...unread, ...mockupColumns(row) });
  }
  return rows;
}

export interface FillOptions {
  /**
   * false: every artwork without its palette and orientation, as a store that upgrades to the version that reads
   * them (the background backfill then reads them; generatedPictureFacts gives what it would read).
   */
  picturesRead?: boolean;
}

/**
 * The palette and orientation fillCatalog gives each of its `total` artworks (in id order), drawn again from the
 * same stream: what the picture backfill would read of a catalogue filled with `picturesRead: false`.
 */
export function generatedPictureFacts(total: number): Array<Pick<NewArtworkRow, 'palette' | 'orientation'>> {
  const random = seededRandom(FACETS_SEED);
  return Array.from({ length: total }, () => {
    const { palette, orientation } = generateFacetColumns(random);
    return { palette, orientation };
  });
}

interface Randoms {
  artwork: Random;
  facets: Random;
}

/**
 * The planners choose indexes from statistics; a freshly filled table has none until it is analysed.
 * On PostgreSQL VACUUM as well: until a table is vacuumed its visibility map is empty, so even an index-only
 * count visits every heap page. Autovacuum does the same in a running shop within minutes of a bulk import.
 */
async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    // Search runs on artworks_search_text (migration 0007), which its triggers fill alongside.
    await sql`vacuum (analyze) artworks, artworks_search_text, category_counts, artwork_facets`.execute(db);
  } else {
    await sql`analyze`.execute(db);
    await sql`pragma optimize`.execute(db);
  }
}

/**
 * Adds `total` generated artworks (the same ones on every run and engine) in multi-row inserts.
 * One transaction: SQLite would otherwise sync the file after every batch.
 */
export async function fillCatalog(db: Kysely<Database>, total: number, options: FillOptions = {}): Promise<void> {
  const randoms = { artwork: seededRandom(SEED), facets: seededRandom(FACETS_SEED) };
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < total; start += BATCH_SIZE) {
      const rows = generateBatch(randoms, start, Math.min(total, start + BATCH_SIZE), total, options);
      await trx.insertInto('artworks').values(rows).execute();
    }
  });
  // The browsing facets, as the store's first start after migration 0016 works them out.
  await syncCatalogueFacets(db);
  await refreshStatistics(db);
}
