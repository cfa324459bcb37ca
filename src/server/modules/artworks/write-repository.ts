import type { Kysely, Transaction } from 'kysely';
import type { ArtworkStatus } from '#shared/catalogue/artwork-release.ts';
import type { ArtworkRowUpdate, Database, NewArtworkRow } from '../../db/schema';
import { recordChangedPrices, insertArtworksWithPrices } from './price-history';
import { FACET_COLUMNS } from './facets/artwork-facets';
import { syncArtworkFacets, syncArtworksFacets } from './facets/sync-artwork-facets';

/** The artwork with its first price and its facets, in the caller's transaction when given one. */
export async function insertArtwork(db: Kysely<Database>, row: NewArtworkRow): Promise<number> {
  if (!db.isTransaction) return db.transaction().execute((trx) => insertArtwork(trx, row));
  const [inserted] = await insertArtworksWithPrices(db as Transaction<Database>, [row]);
  await syncArtworkFacets(db, inserted!);
  return inserted!;
}

export async function updateArtworkRow(db: Kysely<Database>, id: number, changes: ArtworkRowUpdate): Promise<void> {
  await db.transaction().execute((trx) => updateArtworkRows(trx, [id], changes));
}

export async function findExistingIds(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  const rows = await db.selectFrom('artworks').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/**
 * A new price is recorded in the price history with the change, and the browsing facets follow a new master size
 * (in the caller's transaction, when given one).
 */
export async function updateArtworkRows(db: Kysely<Database>, ids: number[], changes: ArtworkRowUpdate): Promise<void> {
  if (changes.price_cents !== undefined)
    await recordChangedPrices(db, ids, changes.price_cents, changes.updated_at ?? new Date().toISOString());
  await db.updateTable('artworks').set(changes).where('id', 'in', ids).execute();
  if (FACET_COLUMNS.some((column) => changes[column] !== undefined)) await syncArtworksFacets(db, ids);
}

export async function deleteArtworkRows(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('artworks').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findAllArtworkRows(db: Kysely<Database>, status?: ArtworkStatus) {
  return db
    .selectFrom('artworks')
    .selectAll()
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .orderBy('id', 'desc')
    .execute();
}
