import type { Kysely } from 'kysely';
import type { ArtworkRowUpdate, Database, NewArtworkRow } from '../../db/schema';

export async function insertArtwork(db: Kysely<Database>, row: NewArtworkRow): Promise<number> {
  const inserted = await db.insertInto('artworks').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateArtworkRow(db: Kysely<Database>, id: number, changes: ArtworkRowUpdate): Promise<void> {
  await db.updateTable('artworks').set(changes).where('id', '=', id).execute();
}

export async function findExistingIds(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  const rows = await db.selectFrom('artworks').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function updateArtworkRows(db: Kysely<Database>, ids: number[], changes: ArtworkRowUpdate): Promise<void> {
  await db.updateTable('artworks').set(changes).where('id', 'in', ids).execute();
}

export async function deleteArtworkRows(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('artworks').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findAllArtworkRows(db: Kysely<Database>) {
  return db.selectFrom('artworks').selectAll().orderBy('id', 'desc').execute();
}
