import type { Kysely } from 'kysely';
import { BROADCAST_LIMITS } from '../../../shared/mailing/broadcasts';
import type { Database } from '../../db/schema';
import { stepBackOff, SERVICE_RETRY_STEPS_MS } from '../../operations/jobs/back-off';
import { createJobRunner, type JobRunner } from '../../operations/jobs/job-runner';
import { defineJobTable, type JobRow } from '../../operations/jobs/job-table';
import { WORKER_ID } from '../../operations/jobs/worker-id';
import { visibleToVisitors } from '../artworks';
import type { SenderDeps } from './send-batch';
import { insertBroadcast, startRecipients } from './repository';

/** At most one digest a week. */
export const DIGEST_EVERY_MS = 7 * 24 * 3_600_000;
/** When nothing new was published, the next look is a day later (not a week: new art then waits at most a day). */
export const DIGEST_RECHECK_MS = 24 * 3_600_000;
/** A digest goes out at this pace: the list is the store's, and mail servers take a steady flow best. */
const DIGEST_RATE_PER_MINUTE = 600;

const iso = (date: Date) => date.toISOString();

/** The digest's schedule, one row, as a job: claimed by one instance when due, whichever it is. */
export const DIGEST_JOBS = defineJobTable({
  table: 'new_art_digests',
  pending: (eb) => eb('id', 'is not', null),
  order: [{ column: 'id' }],
  namesWorker: true,
});

export type DigestOutcome = { sent: number } | { skipped: 'not-due' | 'nothing-new' };

/**
 * One look at the digest, on its claimed schedule row: not before a week after the last one; skipped (looked at
 * again a day later) when nothing was published since; else the digest is written as a broadcast to the new-art
 * list and started, and the schedule moves on, in one transaction under this worker's claim, so two instances
 * never both send one.
 */
export async function considerDigest(
  deps: Pick<SenderDeps, 'db' | 'render'>,
  schedule: JobRow<'new_art_digests'>,
  worker: string,
  now = new Date(),
): Promise<DigestOutcome> {
  const { db } = deps;
  const moveOn = (
    trx: Kysely<Database>,
    values: Partial<Record<'next_attempt_at' | 'covered_until' | 'last_sent_at', string>>,
  ) =>
    trx
      .updateTable('new_art_digests')
      .set(values)
      .where('id', '=', schedule.id)
      .where('claimed_by', '=', worker)
      .executeTakeFirst();
  if (schedule.last_sent_at !== null) {
    const due = new Date(new Date(schedule.last_sent_at).getTime() + DIGEST_EVERY_MS);
    if (now < due) {
      await moveOn(db, { next_attempt_at: iso(due) });
      return { skipped: 'not-due' };
    }
  }
  const fresh = await db
    .selectFrom('artworks')
    .select(['id', 'title'])
    .where(visibleToVisitors())
    .where('published_at', '>', iso(new Date(schedule.covered_until)))
    .where('published_at', '<=', iso(now))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (fresh.length === 0) {
    await moveOn(db, { next_attempt_at: iso(new Date(now.getTime() + DIGEST_RECHECK_MS)) });
    return { skipped: 'nothing-new' };
  }
  const shown = fresh.slice(0, BROADCAST_LIMITS.maxArtworks);
  const more = fresh.length - shown.length;
  const count = fresh.length === 1 ? 'one new artwork' : `${fresh.length} new artworks`;
  await db.transaction().execute(async (trx) => {
    const id = await insertBroadcast(
      trx,
      {
        listKind: 'new-art',
        origin: 'digest',
        subject: `New at ${deps.render.storeName}: ${count}`,
        bodyMarkdown: [
          `Since our last note, ${count} went up in the shop.`,
          ...(more > 0
            ? ['', `Here are the latest ${shown.length}; [see them all](${deps.render.publicUrl}/shop?sort=newest).`]
            : []),
        ].join('\n'),
        artworkIds: shown.map((artwork) => artwork.id),
        ratePerMinute: DIGEST_RATE_PER_MINUTE,
      },
      now,
    );
    await startRecipients(trx, id, DIGEST_RATE_PER_MINUTE, now);
    const moved = await moveOn(trx, {
      covered_until: iso(now),
      last_sent_at: iso(now),
      next_attempt_at: iso(new Date(now.getTime() + DIGEST_EVERY_MS)),
    });
    // The claim ran out and another instance has the schedule: this one writes no digest.
    if (Number(moved.numUpdatedRows) !== 1) throw new Error('new-art digest: the schedule was taken over');
  });
  return { sent: fresh.length };
}

/** The digest's worker: looks every quarter of an hour, and claims the schedule only when it is due. */
export function createDigestRunner(
  deps: Pick<SenderDeps, 'db' | 'render' | 'log'>,
  afterDigest: () => void,
  everyMs = 15 * 60_000,
): JobRunner {
  return createJobRunner({
    name: 'new-art digest',
    db: deps.db,
    log: deps.log,
    table: DIGEST_JOBS,
    run: async (job) => {
      const outcome = await considerDigest(deps, job, WORKER_ID);
      if ('sent' in outcome) afterDigest();
    },
    done: () => ({}),
    backOff: stepBackOff(SERVICE_RETRY_STEPS_MS),
    everyMs,
    batch: 1,
    leaseMs: 5 * 60_000,
  });
}
