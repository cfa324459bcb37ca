import { sql } from 'kysely';
import { engineOf } from '../dialect';
import type { MigrationDb } from '../migration-helpers';

// PostgreSQL: artworks_search_text stays fast to search while its rows are written again one at a time (the palette
// backfill after an upgrade, owners' edits), with no lock that stops other instances (decision 0081).
// - Its two GIN indexes write new entries straight into the index (fastupdate off). With GIN's default, a row's
//   entries first wait in a pending list of up to 4 MB per index, unsorted, which every search reads whole: after
//   the backfill of 5,000 palettes a search + facet took 538 ms at p95 against 42 ms once the list was merged.
//   Each write costs a little more, and a backfill or an owner's save is not what a visitor waits for.
// - Autovacuum visits the table after 2 % of its rows changed instead of 20 %, so the space of the versions a
//   backfill leaves behind is freed while it runs and its next writes reuse it, in the table and in the indexes.
// Lock: setting fastupdate takes the index's ACCESS EXCLUSIVE lock until the migrations commit; the pending list is
// merged first, under no lock that stops reads or writes, so what is merged under that lock is what arrived in
// between. The table's autovacuum settings take SHARE UPDATE EXCLUSIVE, which stops neither. SQLite: nothing.

const GIN_INDEXES = ['artworks_search_text_trgm', 'artworks_search_text_pairs'] as const;

async function mergePendingLists(db: MigrationDb): Promise<void> {
  for (const index of GIN_INDEXES) await sql`select gin_clean_pending_list(${sql.lit(index)}::regclass)`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await mergePendingLists(db);
  for (const index of GIN_INDEXES) await sql.raw(`alter index ${index} set (fastupdate = off)`).execute(db);
  await mergePendingLists(db);
  await sql`alter table artworks_search_text set (autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_analyze_scale_factor = 0.02)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const index of GIN_INDEXES) await sql.raw(`alter index ${index} reset (fastupdate)`).execute(db);
  await sql`alter table artworks_search_text reset (autovacuum_vacuum_scale_factor,
    autovacuum_analyze_scale_factor)`.execute(db);
}
