import type { Kysely, Transaction } from 'kysely';
import type { ShownJobStatus } from '#shared/jobs/job-status.ts';
import type { SetCoverKind } from '#shared/sets/set-cover.ts';
import type { Database } from '../../db/schema';

// The sets' rows (migration 0030): a set and its pieces in the owner's order.

type Db = Kysely<Database> | Transaction<Database>;

export interface SetRow {
  id: number;
  title: string;
  description: string;
  price_cents: number | null;
  percent_off: number | null;
  cover_artwork_id: number | null;
  cover_kind: SetCoverKind;
  /** The gallery-wall cover's renditions (JSON) and the pictures it was drawn from (migration 0033). */
  cover_mockup: string;
  cover_mockup_source: string | null;
  /** The cover's job, while there is one. */
  cover_job_status: Exclude<ShownJobStatus, 'none' | 'ready'> | null;
  /** In the owner's order; null where the artwork was deleted. */
  pieces: Array<number | null>;
}

export interface SetFields {
  title: string;
  description: string;
  price_cents: number | null;
  percent_off: number | null;
  cover_artwork_id: number | null;
  cover_kind: SetCoverKind;
}

/** Sets by id, or every set when `ids` is not given, newest first, with their pieces. */
export async function findSets(db: Db, ids?: readonly number[]): Promise<SetRow[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('artwork_sets')
    .leftJoin('set_cover_jobs', 'set_cover_jobs.set_id', 'artwork_sets.id')
    .select([
      'artwork_sets.id',
      'title',
      'description',
      'price_cents',
      'percent_off',
      'cover_artwork_id',
      'cover_kind',
      'cover_mockup',
      'cover_mockup_source',
      'set_cover_jobs.status as cover_job_status',
    ])
    .orderBy('artwork_sets.id', 'desc');
  if (ids) query = query.where('artwork_sets.id', 'in', [...ids]);
  const sets = await query.execute();
  if (sets.length === 0) return [];
  const pieces = await db
    .selectFrom('artwork_set_pieces')
    .select(['set_id', 'artwork_id'])
    .where(
      'set_id',
      'in',
      sets.map((set) => set.id),
    )
    .orderBy('set_id')
    .orderBy('position')
    .execute();
  const bySet = new Map<number, Array<number | null>>();
  for (const piece of pieces) bySet.set(piece.set_id, [...(bySet.get(piece.set_id) ?? []), piece.artwork_id]);
  return sets.map((set) => ({ ...set, pieces: bySet.get(set.id) ?? [] }));
}

/** The ids of the sets an artwork is a piece of. */
export async function findSetIdsWithArtwork(db: Db, artworkId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('artwork_set_pieces')
    .select('set_id')
    .distinct()
    .where('artwork_id', '=', artworkId)
    .execute();
  return rows.map((row) => row.set_id);
}

/** The sets any of these artworks is a piece of. */
export async function findSetIdsWithArtworks(db: Db, artworkIds: readonly number[]): Promise<number[]> {
  if (artworkIds.length === 0) return [];
  const rows = await db
    .selectFrom('artwork_set_pieces')
    .select('set_id')
    .distinct()
    .where('artwork_id', 'in', [...new Set(artworkIds)])
    .execute();
  return rows.map((row) => row.set_id);
}

export async function insertSet(trx: Transaction<Database>, fields: SetFields, artworkIds: readonly number[]) {
  const now = new Date().toISOString();
  const { id } = await trx
    .insertInto('artwork_sets')
    .values({ ...fields, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writePieces(trx, id, artworkIds);
  return id;
}

/** Replaces a set's words, price and pieces; false when there is no such set. */
export async function updateSet(
  trx: Transaction<Database>,
  id: number,
  fields: SetFields,
  artworkIds: readonly number[],
): Promise<boolean> {
  const updated = await trx
    .updateTable('artwork_sets')
    .set({ ...fields, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  await trx.deleteFrom('artwork_set_pieces').where('set_id', '=', id).execute();
  await writePieces(trx, id, artworkIds);
  return true;
}

export async function deleteSet(db: Db, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('artwork_sets').where('id', '=', id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

async function writePieces(trx: Transaction<Database>, setId: number, artworkIds: readonly number[]) {
  await trx
    .insertInto('artwork_set_pieces')
    .values(artworkIds.map((artworkId, position) => ({ set_id: setId, position, artwork_id: artworkId })))
    .execute();
}
