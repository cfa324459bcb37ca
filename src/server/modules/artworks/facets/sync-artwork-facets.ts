import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { FACET_COLUMNS, facetsOfArtwork } from './artwork-facets';

type Db = Kysely<Database> | Transaction<Database>;

// Artworks read and facet rows written per statement: under both engines' limits on bound parameters.
const IDS_PER_READ = 500;
const ROWS_PER_INSERT = 2000;

/**
 * Works out one artwork's facets again from its row and stores them (artwork_facets): idempotent, in a
 * transaction (the caller's, when given one). A deleted artwork keeps none. Called wherever the palette,
 * orientation, master size or offered ratios change (FACET_COLUMNS).
 */
export async function syncArtworkFacets(db: Db, artworkId: number): Promise<void> {
  await syncArtworksFacets(db, [artworkId]);
}

/**
 * The same for many artworks at once (a seeded catalogue, a start after the rules changed). Returns how many of
 * them had facets added or taken away.
 */
export async function syncArtworksFacets(db: Db, artworkIds: readonly number[]): Promise<number> {
  if (artworkIds.length === 0) return 0;
  if (!db.isTransaction) return db.transaction().execute((trx) => syncArtworksFacets(trx, artworkIds));
  let changed = 0;
  for (let start = 0; start < artworkIds.length; start += IDS_PER_READ)
    changed += await syncBatch(db, artworkIds.slice(start, start + IDS_PER_READ));
  return changed;
}

/** Only what changed is written: an unchanged artwork (most saves) costs two reads. Returns the artworks changed. */
async function syncBatch(trx: Db, ids: number[]): Promise<number> {
  const rows = await trx
    .selectFrom('artworks')
    .select(['id', ...FACET_COLUMNS])
    .where('id', 'in', ids)
    .execute();
  const stored = await trx
    .selectFrom('artwork_facets')
    .select(['artwork_id', 'facet'])
    .where('artwork_id', 'in', ids)
    .execute();
  const wanted = new Set(rows.flatMap((row) => facetsOfArtwork(row).map((facet) => `${row.id} ${facet}`)));
  const present = new Set(stored.map((row) => `${row.artwork_id} ${row.facet}`));
  const gone = stored.filter((row) => !wanted.has(`${row.artwork_id} ${row.facet}`));
  const added = [...wanted]
    .filter((key) => !present.has(key))
    .map((key) => {
      const space = key.indexOf(' ');
      return { artwork_id: Number(key.slice(0, space)), facet: key.slice(space + 1) };
    });

  const goneByArtwork = new Map<number, string[]>();
  for (const row of gone) goneByArtwork.set(row.artwork_id, [...(goneByArtwork.get(row.artwork_id) ?? []), row.facet]);
  for (const [artworkId, facets] of goneByArtwork)
    await trx.deleteFrom('artwork_facets').where('artwork_id', '=', artworkId).where('facet', 'in', facets).execute();
  for (let start = 0; start < added.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('artwork_facets')
      .values(added.slice(start, start + ROWS_PER_INSERT))
      // Two instances syncing the same artwork at once (a start after the rules changed) write the same rows.
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  return new Set([...gone, ...added].map((row) => row.artwork_id)).size;
}
