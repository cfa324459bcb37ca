import type { Kysely, Transaction } from 'kysely';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { Database } from '../../db/schema';
import { engineOf } from '../../db/dialect';

/**
 * The lines of one set bought whole in an order (one per piece, decision 0067), in the order they were sold, with
 * today's artwork when it still exists. A set is one cart line per licence, so the order, the set and the licence
 * name its pieces.
 */
export async function findSetLines(
  db: Kysely<Database>,
  set: { orderId: number; setId: number; licence: LicenceTier },
) {
  return db
    .selectFrom('order_items')
    .leftJoin('artworks', 'artworks.id', 'order_items.artwork_id')
    .select([
      'order_items.id as itemId',
      'order_items.artwork_id as artworkId',
      'order_items.title as soldTitle',
      'order_items.private_file_key as soldFileKey',
      'order_items.google_drive_link as soldDriveLink',
      'order_items.format as soldFormat',
      'artworks.title as currentTitle',
      'artworks.private_file_key as currentFileKey',
      'artworks.google_drive_link as currentDriveLink',
      'artworks.format as currentFormat',
    ])
    .where('order_items.order_id', '=', set.orderId)
    .where('order_items.set_id', '=', set.setId)
    .where('order_items.licence', '=', set.licence)
    .orderBy('order_items.id')
    .execute();
}

/** The set's title today; a set the owner has deleted since is named by its number. */
export async function setTitleOf(db: Kysely<Database>, setId: number): Promise<string> {
  const row = await db.selectFrom('artwork_sets').select('title').where('id', '=', setId).executeTakeFirst();
  return row?.title ?? `Set ${setId}`;
}

/**
 * Holds the set's lines until the transaction ends, so that two ZIPs asked for at once count one after the other
 * against the limit (PostgreSQL; SQLite's one connection runs one transaction at a time anyway).
 */
export async function lockLines(trx: Transaction<Database>, itemIds: readonly number[]): Promise<void> {
  if (engineOf(trx) !== 'postgres' || itemIds.length === 0) return;
  await trx.selectFrom('order_items').select('id').where('id', 'in', itemIds).orderBy('id').forUpdate().execute();
}
