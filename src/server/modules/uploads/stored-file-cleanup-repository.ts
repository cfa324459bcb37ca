import type { Kysely, Selectable } from 'kysely';
import type { Database, StoredFileCleanupTable } from '../../db/schema';

/** Which store a key is in: public (previews, renditions, media) or private (full-resolution files). */
export type StoreName = StoredFileCleanupTable['store'];

export interface StoredObject {
  store: StoreName;
  key: string;
}

export type CleanupRow = Selectable<StoredFileCleanupTable>;

const iso = (date: Date) => date.toISOString();

/** Lists keys to delete later, due at once; a key already listed stays as it is (the unique (store, key)). */
export async function scheduleCleanup(
  db: Kysely<Database>,
  objects: readonly StoredObject[],
  now: Date,
): Promise<void> {
  if (objects.length === 0) return;
  await db
    .insertInto('stored_file_cleanup')
    .values(objects.map(({ store, key }) => ({ store, key, created_at: iso(now), next_attempt_at: iso(now) })))
    .onConflict((oc) => oc.columns(['store', 'key']).doNothing())
    .execute();
}

export async function dueCleanups(db: Kysely<Database>, options: { now: Date; limit: number }): Promise<CleanupRow[]> {
  return db
    .selectFrom('stored_file_cleanup')
    .selectAll()
    .where('next_attempt_at', '<=', iso(options.now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(options.limit)
    .execute();
}

export async function deleteCleanup(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('stored_file_cleanup').where('id', '=', id).execute();
}

export async function markCleanupFailed(
  db: Kysely<Database>,
  id: number,
  failure: { error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('stored_file_cleanup')
    .set((eb) => ({
      last_error: failure.error,
      next_attempt_at: iso(failure.nextAttemptAt),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}
