import type { Kysely, Transaction } from 'kysely';
import type { ArtworkStatus } from '#shared/catalogue/artwork-release.ts';
import type { Database } from '../../../db/schema';
import { defineJobTable } from '../../../operations/jobs/job-table';

type Db = Kysely<Database> | Transaction<Database>;
const iso = (date: Date) => date.toISOString();

/**
 * Publishes those of `ids` that are not published yet, at `now`; a scheduled one only once its time has come when
 * `dueOnly`. The status in the condition makes it once only: two instances running it at once update each row
 * once between them, and each learns which rows were its own. Returns those ids.
 */
export async function publishRows(db: Db, ids: readonly number[], now: Date, { dueOnly = false } = {}) {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('artworks')
    .set({ status: 'published', published_at: iso(now), publish_at: null, updated_at: iso(now) })
    .where('id', 'in', [...ids])
    .$if(dueOnly, (q) => q.where('status', '=', 'scheduled').where('publish_at', '<=', iso(now)))
    .$if(!dueOnly, (q) => q.where('status', '!=', 'published'))
    .returning('id')
    .execute();
  await db
    .updateTable('artwork_releases')
    .set({ done_at: iso(now) })
    .where('artwork_id', 'in', [...ids])
    .where('done_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** Sets the artworks' status to a draft or scheduled at `publishAt`, with a release job due then for each. */
export async function holdRows(
  db: Db,
  ids: readonly number[],
  release: { status: Exclude<ArtworkStatus, 'published'>; publishAt: Date | null },
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const publishAt = release.status === 'scheduled' ? iso(release.publishAt!) : null;
  await db
    .updateTable('artworks')
    .set({ status: release.status, publish_at: publishAt, updated_at: iso(now) })
    .where('id', 'in', [...ids])
    .execute();
  // A draft's job, if it had one, is done: nothing goes live unless scheduled again.
  await db
    .deleteFrom('artwork_releases')
    .where('artwork_id', 'in', [...ids])
    .execute();
  if (publishAt === null) return;
  await db
    .insertInto('artwork_releases')
    .values(ids.map((artwork_id) => ({ artwork_id, next_attempt_at: publishAt })))
    .execute();
}

/** The releases as a job table: one per scheduled artwork, due at its time, until done. */
export const RELEASE_JOBS = defineJobTable({
  table: 'artwork_releases',
  pending: (eb) => eb('done_at', 'is', null),
  order: [{ column: 'next_attempt_at' }, { column: 'id' }],
  namesWorker: true,
});
