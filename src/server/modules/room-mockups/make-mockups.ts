import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { unavailablePartOf } from '../../http/unavailable-part';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { makeScratch } from '../../operations/scratch-folders';
import { scheduleCleanup } from '../uploads/stored-file-cleanup-repository';
import { composeMockups } from './compose-mockups';
import { mockupKey, parseStoredMockups, publicKeyOf, type StoredMockup } from './mockup-files';
import {
  deleteMockupJob,
  extendMockupClaim,
  mockupSourceOf,
  releaseMockupJob,
  type MockupJobRow,
} from './mockup-repository';
import { MOCKUP_SCENES } from './scenes';

export interface MockupMakerDeps {
  db: Kysely<Database>;
  publicStore: StorageProvider;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** A storage or database that is down is tried again after 5 s, doubling up to every 30 min (as print packs are). */
const retryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** attempts, 30 * 60_000);
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
  const stored: string[] = [];
  const renew = setInterval(() => {
    extendMockupClaim(deps.db, job.id, worker, new Date(Date.now() + claimMs)).catch(() => undefined);
  }, claimMs / 3).unref();
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
    await failOrRetry(deps, job, worker, error, stored);
    return false;
  } finally {
    clearInterval(renew);
    await fs.rm(scratch, { recursive: true, force: true });
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

async function failOrRetry(
  deps: MockupMakerDeps,
  job: MockupJobRow,
  worker: string,
  error: unknown,
  stored: string[],
): Promise<void> {
  const now = new Date();
  const part = unavailablePartOf(error);
  if (part) {
    // Storage or database down: nothing is wrong with the picture. Back in the queue, later; the files stored
    // so far are written again under the same keys then.
    deps.log.warn({ err: error, job: job.id, part }, 'room mockups: a part is down, trying again later');
    await releaseMockupJob(deps.db, job.id, worker, {
      status: 'queued',
      error: `The ${part === 'storage' ? 'file storage' : part} could not be reached; trying again.`,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
    });
    return;
  }
  const reason =
    error instanceof PictureProblem
      ? error.message
      : 'The picture could not be read whole: it is damaged or cut short.';
  deps.log.warn({ err: error, job: job.id }, `room mockups failed: ${reason}`);
  await scheduleCleanup(deps.db, stored.map(publicObject), now);
  await releaseMockupJob(deps.db, job.id, worker, { status: 'failed', error: reason, nextAttemptAt: now });
}
