import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { failOrRetry } from '../../operations/jobs/fail-or-retry';
import { whileLeased } from '../../operations/jobs/hold-lease';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { makeScratch } from '../../operations/scratch-folders';
import { scheduleCleanup } from '../uploads';
import { composeMockups } from './compose-mockups';
import { mockupKey, parseStoredMockups, publicKeyOf, type StoredMockup } from './mockup-files';
import { deleteMockupJob, MOCKUP_JOBS, mockupSourceOf, type MockupJobRow } from './mockup-repository';
import { MOCKUP_SCENES } from './scenes';

export interface MockupMakerDeps {
  db: Kysely<Database>;
  publicStore: StorageProvider;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * Superseded mockups are deleted this long after the new ones land, not at once: a page already open, or kept by
 * another instance until its next look at the catalogue's version, still shows them meanwhile.
 */
const SUPERSEDED_GRACE_MS = 10 * 60_000;

/** A problem with the picture itself: the job fails with this reason, and is not tried again for this picture. */
class PictureProblem extends Error {}

/**
 * Makes the room mockups of a job this worker has claimed, from the artwork's public picture: the picture copied
 * to a temporary file, the scenes composed (in a child process, at background priority), each rendition stored
 * under a new key, and the list put on the artwork in one update that also checks the picture is still the one
 * they show. The mockups they replace are handed to the stored-file clean-up. Answers whether the artwork changed
 * (the catalogue's kept answers are then stale).
 */
export async function makeMockups(
  deps: MockupMakerDeps,
  job: MockupJobRow,
  worker: string,
  claimMs: number,
): Promise<boolean> {
  const scratch = await makeScratch('room-mockup');
  try {
    const lease = { db: deps.db, table: MOCKUP_JOBS, id: job.id, worker, leaseMs: claimMs };
    return await whileLeased(lease, () => makeClaimedMockups(deps, job, worker, scratch));
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

async function makeClaimedMockups(
  deps: MockupMakerDeps,
  job: MockupJobRow,
  worker: string,
  scratch: string,
): Promise<boolean> {
  const stored: string[] = [];
  try {
    const artwork = await deps.db
      .selectFrom('artworks')
      .select(['id', 'images'])
      .where('id', '=', job.artwork_id)
      .executeTakeFirst();
    if (!artwork || mockupSourceOf(artwork.images) !== job.source_url) {
      // Deleted, or given another picture since (whose own job replaced this one): nothing to make.
      await deleteMockupJob(deps.db, job.id);
      return false;
    }
    const key = publicKeyOf(deps.publicStore, job.source_url);
    if (!key) throw new PictureProblem('The picture is not one of the store’s own files.');
    const stream = await deps.publicStore.getStream(key);
    if (!stream) throw new PictureProblem('The picture is missing from the file storage.');
    const picture = path.join(scratch, 'picture');
    await pipeline(stream, createWriteStream(picture));

    const composed = await composeMockups({ artwork: picture, scenes: MOCKUP_SCENES, folder: scratch });
    const mockups: StoredMockup[] = MOCKUP_SCENES.map((scene) => ({ scene, images: [] }));
    for (const made of composed) {
      const fileKey = mockupKey(job.artwork_id, made.scene, job, made.width);
      stored.push(fileKey);
      await deps.publicStore.putFile(fileKey, made.file, 'image/webp');
      mockups
        .find((mockup) => mockup.scene === made.scene)
        ?.images.push({ url: deps.publicStore.publicUrl(fileKey), width: made.width, height: made.height });
    }
    for (const mockup of mockups) mockup.images.sort((a, b) => a.width - b.width);

    const landed = await putOnArtwork(
      deps,
      job,
      artwork.images,
      mockups.filter((m) => m.images.length > 0),
    );
    if (!landed) await scheduleCleanup(deps.db, stored.map(publicObject), new Date());
    deps.log.info({ artwork: job.artwork_id, landed, files: stored.length }, 'room mockups made');
    return landed;
  } catch (error) {
    await failOrRetry(
      {
        table: MOCKUP_JOBS,
        id: job.id,
        attempts: job.attempts,
        worker,
        name: 'room mockups',
        logFields: { job: job.id },
      },
      error,
      {
        db: deps.db,
        log: deps.log,
        retried: { status: 'queued' },
        gaveUp: () => ({ status: 'failed' as const }),
        reasonOf: (problem) =>
          problem instanceof PictureProblem
            ? problem.message
            : 'The picture could not be read whole: it is damaged or cut short.',
        beforeGivingUp: (_reason, now) => scheduleCleanup(deps.db, stored.map(publicObject), now),
      },
    );
    return false;
  }
}

const publicObject = (key: string) => ({ store: 'public' as const, key });

/**
 * Puts the mockups on the artwork if its picture is still the one they were made from (its renditions unchanged),
 * and ends the job; the files of the mockups they replace go to the clean-up. One transaction: either all of it or
 * none (the job is then tried again).
 */
async function putOnArtwork(
  deps: MockupMakerDeps,
  job: MockupJobRow,
  images: string,
  mockups: StoredMockup[],
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('artworks')
      .select('mockups')
      .where('id', '=', job.artwork_id)
      .where('images', '=', images)
      .executeTakeFirst();
    await deleteMockupJob(trx, job.id);
    if (!before) return false;
    await trx
      .updateTable('artworks')
      .set({ mockups: JSON.stringify(mockups), mockups_source: job.source_url })
      .where('id', '=', job.artwork_id)
      .execute();
    const superseded = parseStoredMockups(before.mockups)
      .flatMap((mockup) => mockup.images.map((image) => publicKeyOf(deps.publicStore, image.url)))
      .filter((key): key is string => key !== null);
    await scheduleCleanup(trx, superseded.map(publicObject), later());
    return true;
  });
}

const later = () => new Date(Date.now() + SUPERSEDED_GRACE_MS);
