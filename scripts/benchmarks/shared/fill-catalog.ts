import { sql, type Kysely } from 'kysely';
import { engineOf } from '#server/db/dialect.ts';
import type { Database, NewArtworkRow } from '#server/db/schema.ts';
import { seededRandom, type Random } from '#server/demo/random.ts';
import { artworkInputToRow } from '#server/modules/artworks/artwork-row.ts';
import { syncCatalogueFacets } from '#server/modules/artworks/facets/sync-catalogue-facets.ts';
import { generateArtwork } from './generate-artworks';
import { generateFacetColumns } from './generate-facet-columns';

// 1000 rows of ~26 columns (~26,000 bound parameters) stay under both engines' limits (SQLite 32766, PostgreSQL 65535).
const BATCH_SIZE = 1000;
const SEED = 20261121;
const FACETS_SEED = 20261126;

function generateBatch(randoms: Randoms, start: number, end: number, total: number): NewArtworkRow[] {
  const rows: NewArtworkRow[] = [];
  for (let index = start; index < end; index++) {
    const row = artworkInputToRow(generateArtwork(randoms.artwork, index, total));
    rows.push({ ...row, ...generateFacetColumns(randoms.facets) });
  }
  return rows;
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
export async function fillCatalog(db: Kysely<Database>, total: number): Promise<void> {
  const randoms = { artwork: seededRandom(SEED), facets: seededRandom(FACETS_SEED) };
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < total; start += BATCH_SIZE) {
      const rows = generateBatch(randoms, start, Math.min(total, start + BATCH_SIZE), total);
      await trx.insertInto('artworks').values(rows).execute();
    }
  });
  // The browsing facets, as the store's first start after migration 0016 works them out.
  await syncCatalogueFacets(db);
  await refreshStatistics(db);
}
