import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { FACET_RULES_VERSION } from './artwork-facets';
import { syncArtworksFacets } from './sync-artwork-facets';
import { vacuumSearchText } from './vacuum-search-text';

const MARKER = 'artwork-facets-rules';
// Artworks per transaction: a long start does not hold SQLite's write lock for the whole catalogue at once.
const ARTWORKS_PER_TRANSACTION = 2000;
// The share of artworks whose facets changed from which their search rows' old versions are freed at once.
const VACUUM_FROM_SHARE = 0.25;

/**
 * At start: when the stored facets were worked out by other rules than this code's (the first start after
 * migration 0016, or after FACET_RULES_VERSION moved on), every artwork's facets are worked out again, then the
 * marker says which rules they follow. Otherwise nothing is read: each change to an artwork syncs its own facets.
 * Two instances starting at once may both do it; the sync is idempotent. When it changed the facets of a good
 * share of the catalogue, the old versions of the search rows it wrote again are freed (vacuumSearchText), under
 * no lock that stops other instances. Returns how many artworks were synced.
 */
export async function syncCatalogueFacets(db: Kysely<Database>): Promise<number> {
  const marker = await db.selectFrom('app_meta').select('value').where('key', '=', MARKER).executeTakeFirst();
  if (marker?.value === FACET_RULES_VERSION) return 0;
  let synced = 0;
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('artworks')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(ARTWORKS_PER_TRANSACTION)
      .execute();
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    changed += await syncArtworksFacets(db, ids);
    synced += ids.length;
    after = ids[ids.length - 1]!;
  }
  if (changed > 0 && changed >= synced * VACUUM_FROM_SHARE) await vacuumSearchText(db);
  await db
    .insertInto('app_meta')
    .values({ key: MARKER, value: FACET_RULES_VERSION })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: FACET_RULES_VERSION }))
    .execute();
  return synced;
}
