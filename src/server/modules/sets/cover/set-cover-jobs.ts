import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ACTIVE_JOB_STATUSES } from '#shared/jobs/job-status.ts';
import type { Database } from '../../../db/schema';
import type { SetCoverJobsTable } from '../../../db/set-tables';
import { defineJobTable } from '../../../operations/jobs/job-table';
import { findArtworksByIds } from '../../artworks';
import { coverSourceOf } from './set-cover-source';

// The jobs that draw sets' gallery-wall covers (migration 0033): at most one per set, for the pictures it is to be
// drawn from, run by the one job runner (set-cover-work.ts) and deleted once the cover is on the set.

export type SetCoverJobRow = Selectable<SetCoverJobsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/**
 * Queues the set's cover when the owner chose the mockup and its pieces' pictures are not the ones the cover was
 * drawn from, and no job for them exists yet; a job for older pictures is replaced (its run finds out). A set whose
 * cover is a piece's picture has no job. True when a job was queued. Told again, nothing changes.
 */
export async function queueSetCover(db: Kysely<Database>, setId: number, now: Date): Promise<boolean> {
  const set = await db
    .selectFrom('artwork_sets')
    .select(['cover_kind', 'cover_mockup_source'])
    .where('id', '=', setId)
    .executeTakeFirst();
  const source = set?.cover_kind === 'mockup' ? await currentSourceOf(db, setId) : null;
  const job = await db
    .selectFrom('set_cover_jobs')
    .select(['id', 'source'])
    .where('set_id', '=', setId)
    .executeTakeFirst();
  if (job && job.source === source) return false;
  if (job) await deleteSetCoverJob(db, job.id);
  if (!source || source === set?.cover_mockup_source) return false;
  await db
    .insertInto('set_cover_jobs')
    .values({
      set_id: setId,
      source,
      token: randomBytes(6).toString('hex'),
      status: 'queued',
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    // Two saves queueing the same set at once: the one job that exists is enough.
    .onConflict((oc) => oc.column('set_id').doNothing())
    .execute();
  return true;
}

/** The set's pieces as they are now, in order; null when one was deleted (the set is off sale, nothing to draw). */
export async function currentPiecesOf(db: Db, setId: number) {
  const pieces = await db
    .selectFrom('artwork_set_pieces')
    .select('artwork_id')
    .where('set_id', '=', setId)
    .orderBy('position')
    .execute();
  const ids = pieces.map((piece) => piece.artwork_id);
  if (ids.length === 0 || ids.some((id) => id === null)) return null;
  const rows = new Map((await findArtworksByIds(db as Kysely<Database>, ids as number[])).map((r) => [r.id, r]));
  const ordered = ids.map((id) => rows.get(id!));
  return ordered.every((row) => row !== undefined) ? ordered : null;
}

async function currentSourceOf(db: Db, setId: number): Promise<string | null> {
  const pieces = await currentPiecesOf(db, setId);
  return pieces ? coverSourceOf(pieces) : null;
}

/** The sets an artwork is a piece of: a new picture of it means new covers for those drawn as mockups. */
export async function setIdsWithPiece(db: Db, artworkId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('artwork_set_pieces')
    .innerJoin('artwork_sets', 'artwork_sets.id', 'artwork_set_pieces.set_id')
    .select('artwork_set_pieces.set_id')
    .distinct()
    .where('artwork_set_pieces.artwork_id', '=', artworkId)
    .where('artwork_sets.cover_kind', '=', 'mockup')
    .execute();
  return rows.map((row) => row.set_id);
}

export async function deleteSetCoverJob(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom('set_cover_jobs').where('id', '=', jobId).execute();
}

/** The set covers as a job table: pending until done (then deleted) or failed, the oldest first. */
export const SET_COVER_JOBS = defineJobTable({
  table: 'set_cover_jobs',
  pending: (eb) => eb('status', 'in', ACTIVE_JOB_STATUSES),
  order: [{ column: 'id' }],
  onClaim: { status: 'making' },
  namesWorker: true,
});
