import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ImageRendition } from '#shared/artwork-schema.ts';
import { engineOf } from '../../db/dialect';
import type { MockupJobsTable, MockupJobStatus } from '../../db/mockup-tables';
import type { Database } from '../../db/schema';

export type MockupJobRow = Selectable<MockupJobsTable>;
type Db = Kysely<Database> | Transaction<Database>;

const iso = (date: Date) => date.toISOString();

/**
 * The picture mockups are made from: the largest rendition of the artwork's public picture (what the store shows,
 * not the private master, so an artwork sold as a Drive link gets them too). Null when it has none.
 */
export function mockupSourceOf(imagesJson: string): string | null {
  let images: ImageRendition[];
  try {
    const parsed: unknown = JSON.parse(imagesJson);
    images = Array.isArray(parsed) ? (parsed as ImageRendition[]) : [];
  } catch {
    return null;
  }
  const largest = images
    .filter((image) => typeof image?.url === 'string' && typeof image.width === 'number')
    .sort((a, b) => b.width - a.width)[0];
  return largest?.url ?? null;
}

/**
 * Queues the artwork's mockups when its picture is not the one they were made from and no job for that picture
 * exists yet; a job for an older picture is replaced (its worker finds out, and leaves its files to the clean-up).
 * True when a job was queued. A failed job for the same picture stays failed: looking again must not make it again.
 */
export async function queueMockups(db: Db, artworkId: number, now: Date): Promise<boolean> {
  const artwork = await db
    .selectFrom('artworks')
    .select(['images', 'mockups_source'])
    .where('id', '=', artworkId)
    .executeTakeFirst();
  const source = artwork ? mockupSourceOf(artwork.images) : null;
  const job = await db
    .selectFrom('mockup_jobs')
    .select(['id', 'source_url'])
    .where('artwork_id', '=', artworkId)
    .executeTakeFirst();
  if (job && job.source_url === source) return false;
  if (job) await db.deleteFrom('mockup_jobs').where('id', '=', job.id).execute();
  if (!source || source === artwork?.mockups_source) return false;
  await db
    .insertInto('mockup_jobs')
    .values({
      artwork_id: artworkId,
      source_url: source,
      token: randomBytes(6).toString('hex'),
      status: 'queued',
      next_attempt_at: iso(now),
      created_at: iso(now),
    })
    // Two requests queueing the same artwork at once: the one job that exists is enough.
    .onConflict((oc) => oc.column('artwork_id').doNothing())
    .execute();
  return true;
}

/**
 * Queues, once, every artwork whose picture has no mockups and no job: those from before mockups existed, and
 * the demo catalogue (seeded without the write API). The SQL narrows the candidates cheaply on either engine (a
 * source that is not among the artwork's renditions any more); the exact test is queueMockups'. Returns how many.
 */
export async function queueMissingMockups(db: Kysely<Database>, now: Date, batch = 500): Promise<number> {
  let queued = 0;
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('artworks')
      .select('id')
      .where('id', '>', after)
      .where('images', '!=', '[]')
      .where((eb) =>
        eb.or([
          eb('mockups_source', 'is', null),
          eb('images', 'not like', sql<string>`'%' || ${eb.ref('mockups_source')} || '%'`),
        ]),
      )
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('mockup_jobs').select('id').whereRef('mockup_jobs.artwork_id', '=', 'artworks.id')),
        ),
      )
      .orderBy('id')
      .limit(batch)
      .execute();
    for (const { id } of rows) if (await queueMockups(db, id, now)) queued += 1;
    if (rows.length < batch) return queued;
    after = rows.at(-1)!.id;
  }
}

/** Claims the oldest due job until `until`, like claimDuePack: one whose claim lapsed (its worker died) is due again. */
export async function claimDueMockupJob(
  db: Kysely<Database>,
  options: { now: Date; until: Date; worker: string },
): Promise<MockupJobRow | undefined> {
  const now = iso(options.now);
  const due = (q: Db) =>
    q
      .selectFrom('mockup_jobs')
      .select('id')
      .where('status', 'in', ['queued', 'making'])
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('id')
      .limit(1);
  const claim = { claimed_until: iso(options.until), claimed_by: options.worker, status: 'making' as const };
  if (engineOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const row = await due(trx).forUpdate().skipLocked().executeTakeFirst();
      if (!row) return undefined;
      return trx.updateTable('mockup_jobs').set(claim).where('id', '=', row.id).returningAll().executeTakeFirst();
    });
  }
  return db.updateTable('mockup_jobs').set(claim).where('id', 'in', due(db)).returningAll().executeTakeFirst();
}

/** The end of a worker's turn on a job it holds and did not finish: due again at `nextAttemptAt`, or failed. */
export async function releaseMockupJob(
  db: Db,
  jobId: number,
  worker: string,
  outcome: { status: Exclude<MockupJobStatus, 'making'>; error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .updateTable('mockup_jobs')
    .set((eb) => ({
      status: outcome.status,
      claimed_until: null,
      claimed_by: null,
      last_error: outcome.error,
      next_attempt_at: iso(outcome.nextAttemptAt),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', jobId)
    .where('claimed_by', '=', worker)
    .execute();
}

export async function deleteMockupJob(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom('mockup_jobs').where('id', '=', jobId).execute();
}

/** The job of an artwork, for the owner's view and tests. */
export function findMockupJob(db: Db, artworkId: number): Promise<MockupJobRow | undefined> {
  return db.selectFrom('mockup_jobs').selectAll().where('artwork_id', '=', artworkId).executeTakeFirst();
}

/** Keeps a claim alive while its worker composes (a busy machine slows the child, which runs at low priority). */
export async function extendMockupClaim(db: Db, jobId: number, worker: string, until: Date): Promise<void> {
  await db
    .updateTable('mockup_jobs')
    .set({ claimed_until: iso(until) })
    .where('id', '=', jobId)
    .where('claimed_by', '=', worker)
    .execute();
}
