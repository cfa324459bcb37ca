import { sql, type Kysely } from 'kysely';
import { engineOf } from '../../../db/dialect';
import type { Database } from '../../../db/schema';

/**
 * PostgreSQL: frees the old versions of search rows a sync wrote again, and counts the table again for the planner.
 * Every change of an artwork's facets writes its search row again (the facet codes, migration 0018), with all its
 * GIN entries; after a sync that changed most of the catalogue, each live row has a dead one beside it. A plain
 * VACUUM frees them for the next writes, which then fill the table and its indexes where they are instead of
 * growing them, and its ANALYZE gives the planner the new facets. It takes SHARE UPDATE EXCLUSIVE, which stops
 * neither reads nor writes: other instances keep serving while it runs (it packed the table with CLUSTER
 * before, an exclusive lock of 17 s at 100,000 works; decision 0081). The table stays larger than packed, which
 * the search's figures after a whole-catalogue backfill showed to be within the budget (docs/benchmarks.md).
 * Autovacuum does the same after 2 % of the rows changed (migration 0042); this runs at once, at the start that
 * rewrote them, before the first searches. It cannot run in a transaction. SQLite: nothing to do.
 */
export async function vacuumSearchText(db: Kysely<Database>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`vacuum (analyze) artworks_search_text`.execute(db);
}
