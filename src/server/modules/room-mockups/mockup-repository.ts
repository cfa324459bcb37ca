import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ImageRendition } from '#shared/catalogue/artwork-schema.ts';
import { ACTIVE_JOB_STATUSES } from '#shared/jobs/job-status.ts';
import type { MockupJobsTable } from '../../db/mockup-tables';
import { engineOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { defineJobTable } from '../../operations/jobs/job-table';

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

export interface MissingMockupsQueued {
  queued: number;
  /** Batches of candidates looked at; each took one SELECT and, when any was left, one INSERT … SELECT. */
  batches: number;
  statements: number;
}

/**
 * Queues, once, every artwork whose picture has no mockups and no job: those from before mockups existed, and
 * the demo catalogue (seeded without the write API). A batch of candidates at a time, two statements a batch: a
 * SELECT narrows them cheaply on either engine (a source that is not among the artwork's renditions any more, no
 * job), queueMockups' exact test (the largest rendition, not the one the mockups were made from) picks the
 * artworks, and one INSERT … SELECT queues them all. One row at a time, 100,000 artworks after an upgrade took
 * 300,000 statements. The INSERT looks again, as it writes, at what the SELECT saw: an artwork whose picture
 * changed meanwhile, or that got a job (the owner's edit, another instance doing the same at start), is left to
 * that job; the unique artwork_id settles a race between two inserts. Answers how many were queued.
 */
export async function queueMissingMockups(db: Kysely<Database>, now: Date, batch = 500): Promise<MissingMockupsQueued> {
  const outcome: MissingMockupsQueued = { queued: 0, batches: 0, statements: 0 };
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('artworks')
      .select(['id', 'images', 'mockups_source'])
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
    outcome.batches += 1;
    outcome.statements += 1;
    const due = rows.flatMap(({ id, images, mockups_source }) => {
      const source = mockupSourceOf(images);
      return source && source !== mockups_source ? [{ id, source }] : [];
    });
    if (due.length > 0) {
      outcome.queued += await insertJobs(db, due, now);
      outcome.statements += 1;
    }
    if (rows.length < batch) return outcome;
    after = rows.at(-1)!.id;
    // SQLite's driver is synchronous: without a turn of the event loop between batches, the store would answer
    // no request until the last one (42 s at 100,000 artworks, one row at a time).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * One INSERT … SELECT of many jobs: the candidates as a VALUES list (column1, column2, column3 on both engines),
 * joined to their artworks so that only those still showing that picture and still without a job are queued.
 */
async function insertJobs(
  db: Kysely<Database>,
  due: Array<{ id: number; source: string }>,
  now: Date,
): Promise<number> {
  // Typed where PostgreSQL cannot infer it: a parameter in a VALUES list or a select list is text there.
  const values = sql.join(
    due.map(({ id, source }) => sql`(cast(${id} as integer), ${source}, ${randomBytes(6).toString('hex')})`),
  );
  const at = engineOf(db) === 'postgres' ? sql<string>`cast(${iso(now)} as timestamptz)` : sql<string>`${iso(now)}`;
  const candidates = sql<{ column1: number; column2: string; column3: string }>`(values ${values})`.as('candidate');
  const result = await db
    .insertInto('mockup_jobs')
    .columns(['artwork_id', 'source_url', 'token', 'status', 'next_attempt_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom(candidates)
        // CROSS JOIN: SQLite then keeps the candidates as the outer loop and finds each artwork by its key; an
        // inner join let it scan all 100,000 artworks once per batch (0.4 s each).
        .crossJoin('artworks')
        .whereRef('artworks.id', '=', 'candidate.column1')
        .select([
          'artworks.id',
          'candidate.column2',
          'candidate.column3',
          sql.lit('queued').as('status'),
          at.as('next_attempt_at'),
          at.as('created_at'),
        ])
        .where('artworks.images', 'like', sql<string>`'%' || ${sql.ref('candidate.column2')} || '%'`)
        .where((inner) =>
          inner.not(
            inner.exists(
              inner.selectFrom('mockup_jobs').select('id').whereRef('mockup_jobs.artwork_id', '=', 'artworks.id'),
            ),
          ),
        ),
    )
    // Another instance queueing the same artwork at once: the one job that exists is enough.
    .onConflict((oc) => oc.column('artwork_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The mockups as a job table: a job is pending until it is done (then deleted) or failed, the oldest first; a
 * claimed one shows as being made. A claim names its worker.
 */
export const MOCKUP_JOBS = defineJobTable({
  table: 'mockup_jobs',
  pending: (eb) => eb('status', 'in', ACTIVE_JOB_STATUSES),
  order: [{ column: 'id' }],
  onClaim: { status: 'making' },
  namesWorker: true,
});

export async function deleteMockupJob(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom('mockup_jobs').where('id', '=', jobId).execute();
}

/** The job of an artwork, for the owner's view and tests. */
export function findMockupJob(db: Db, artworkId: number): Promise<MockupJobRow | undefined> {
  return db.selectFrom('mockup_jobs').selectAll().where('artwork_id', '=', artworkId).executeTakeFirst();
}
