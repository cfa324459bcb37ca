import { sql, type Kysely } from 'kysely';
import { engineOf } from '../../../db/dialect';
import type { Database } from '../../../db/schema';

/**
 * PostgreSQL: writes artworks_search_text and its indexes again, packed, in id order. Every change of an
 * artwork's facets writes its search row again (the facet codes, migration 0018); after a sync that changed
 * most of the catalogue, each live row has a dead one beside it, so the table and its GIN indexes are about twice
 * their packed size, and a search reads twice the pages (p95 28 against 25 ms at 100,000 works). Vacuum frees
 * that space for later writes but does not give it back. CLUSTER holds the table's lock while it runs (17 s at
 * 100,000 works, 2 s at 10,000): searches of other instances wait, artworks on other instances can't be saved.
 * It runs only at start, after a rules change, before this instance serves. SQLite: nothing to do.
 */
export async function compactSearchText(db: Kysely<Database>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`cluster artworks_search_text using artworks_search_text_pkey`.execute(db);
  await sql`analyze artworks_search_text`.execute(db);
}
