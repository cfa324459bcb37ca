import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { NotFoundError, InvalidInputError } from '../../../errors';
import type { EventBus } from '../../../events/event-bus';
import type { Worker } from '../../../operations/background-worker';
import { doublingBackOff } from '../../../operations/jobs/back-off';
import { createJobRunner, type JobRunner } from '../../../operations/jobs/job-runner';
import { findExistingIds } from '../write-repository';
import { holdRows, publishRows, RELEASE_JOBS } from './release-repository';

// Drafts, scheduled releases and publication (decision 0061). Every way an artwork goes live comes through
// publishRows, which emits `artwork.published` for the rows it turned: the kept pages are dropped on that event
// (app.ts), whoever published, on whichever instance.

export interface ReleaseDeps {
  db: Kysely<Database>;
  events: EventBus;
}

/** What the owner (or a feature acting for them) asks of an artwork's release. */
export type Release = { status: 'draft' } | { status: 'published' } | { status: 'scheduled'; publishAt: Date };

async function existing(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = new Set(await findExistingIds(db, unique));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new NotFoundError('Some of the artworks no longer exist; nothing was changed.', { ids: missing.map(String) });
  return unique;
}

/**
 * Publishes the artworks now (those already published stay as they were, with their first publication time), in
 * one transaction, and tells `artwork.published`. Returns the ids that went live with this call.
 */
export async function publishArtworks(deps: ReleaseDeps, ids: readonly number[], now = new Date()) {
  const wanted = await existing(deps.db, ids);
  const { published, afterCommit } = await deps.db.transaction().execute(async (trx) => {
    const published = await publishRows(trx, wanted, now);
    const told = published.length > 0 ? [{ type: 'artwork.published' as const, artworkIds: published }] : [];
    return { published, afterCommit: await deps.events.emitAll(trx, told) };
  });
  await deps.events.runAfterCommit(afterCommit);
  return published;
}

/** Makes the artworks drafts, or schedules them for `publishAt` (which must be in the future). */
export async function holdArtworks(
  deps: Pick<ReleaseDeps, 'db'>,
  ids: readonly number[],
  release: Exclude<Release, { status: 'published' }>,
  now = new Date(),
): Promise<void> {
  if (release.status === 'scheduled' && !(release.publishAt.getTime() > now.getTime()))
    throw new InvalidInputError('Invalid request', { 'release.publishAt': ['Choose a time in the future.'] });
  const wanted = await existing(deps.db, ids);
  const publishAt = release.status === 'scheduled' ? release.publishAt : null;
  await deps.db.transaction().execute((trx) => holdRows(trx, wanted, { status: release.status, publishAt }, now));
}

/** Applies the owner's release choice to the artworks: the one entry point the owner's form and bulk tools use. */
export async function releaseArtworks(deps: ReleaseDeps, ids: readonly number[], release: Release, now = new Date()) {
  if (release.status === 'published') await publishArtworks(deps, ids, now);
  else await holdArtworks(deps, ids, release, now);
}

/** How often an instance looks for scheduled artworks whose time has come (RELEASE_POLL_MS). */
export const RELEASE_POLL_MS = 5_000;

/**
 * The scheduled releases as jobs of the one job runner: each due job publishes its artwork if it is still scheduled
 * and its time has come. Two instances may both look; the lease gives a job to one, and the status in publishRows'
 * condition makes the publication once only even if a lease ran out in between.
 */
export function createReleaseRunner(
  deps: ReleaseDeps & { log: Pick<FastifyBaseLogger, 'warn' | 'error'> },
  everyMs = RELEASE_POLL_MS,
): JobRunner {
  return createJobRunner({
    name: 'scheduled releases',
    db: deps.db,
    log: deps.log,
    table: RELEASE_JOBS,
    run: async (job) => {
      const now = new Date();
      const afterCommit = await deps.db.transaction().execute(async (trx) => {
        const published = await publishRows(trx, [job.artwork_id], now, { dueOnly: true });
        const told = published.length > 0 ? [{ type: 'artwork.published' as const, artworkIds: published }] : [];
        return deps.events.emitAll(trx, told);
      });
      await deps.events.runAfterCommit(afterCommit);
    },
    done: (_job, now) => ({ done_at: now.toISOString() }),
    backOff: doublingBackOff({ firstMs: 5_000, maxMs: 300_000 }),
    everyMs,
    batch: 50,
    leaseMs: 60_000,
  });
}

/** Starts this instance's release worker: a look at once, then every `everyMs`. */
export function startReleaseWorker(deps: Parameters<typeof createReleaseRunner>[0], everyMs?: number): Worker {
  return createReleaseRunner(deps, everyMs).start();
}
