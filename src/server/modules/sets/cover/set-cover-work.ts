import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { doublingBackOff } from '../../../operations/jobs/back-off';
import { createJobRunner, type JobRunner } from '../../../operations/jobs/job-runner';
import { makeScratch } from '../../../operations/scratch-folders';
import type { StorageProvider } from '../../../providers/storage/storage-provider';
import { composeGalleryWall, publicKeyOf } from '../../room-mockups';
import { scheduleCleanup } from '../../uploads';
import { parseCoverImages } from './cover-images';
import { currentPiecesOf, deleteSetCoverJob, SET_COVER_JOBS, type SetCoverJobRow } from './set-cover-jobs';
import { coverPicturesOf, coverSourceOf } from './set-cover-source';

// The sets' gallery-wall covers, drawn in the background by the one job runner (decision 0073): each piece's
// largest public rendition streamed to a scratch folder, the wall composed in the mockup composer's child, the
// renditions stored in the public store under keys never used before, and put on the set in one transaction that
// checks the pieces are still the ones drawn. The covers they replace go to the stored-file clean-up.

export interface SetCoverDeps {
  db: Kysely<Database>;
  publicStore: StorageProvider;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** The sets' answers are kept for every visitor: a new cover makes them stale. */
  catalogChanged: () => Promise<void>;
}

/** Three tries, a minute apart and more: a picture that cannot be read will not be read on the fourth. */
const TRIES = 3;
/** As a room mockup's: superseded files stay a while for the pages that still show them. */
const SUPERSEDED_GRACE_MS = 10 * 60_000;

const publicObject = (key: string) => ({ store: 'public' as const, key });

/** Where a cover rendition is kept: the hash names the pictures and the job, so no key is written twice. */
function coverKey(job: SetCoverJobRow, width: number): string {
  const hash = createHash('sha256').update(`${job.source}\n${job.token}`).digest('hex').slice(0, 12);
  return `set-covers/${job.set_id}-${hash}-${width}.webp`;
}

/** Draws one set's cover; throws to have the job tried again (or given up after TRIES). */
export async function makeSetCover(deps: SetCoverDeps, job: SetCoverJobRow): Promise<void> {
  const set = await deps.db
    .selectFrom('artwork_sets')
    .select('cover_kind')
    .where('id', '=', job.set_id)
    .executeTakeFirst();
  const pieces = set?.cover_kind === 'mockup' ? await currentPiecesOf(deps.db, job.set_id) : null;
  const pictures = pieces && coverSourceOf(pieces) === job.source ? coverPicturesOf(pieces) : null;
  if (!pictures) {
    // Deleted, the cover chosen otherwise, or the pieces changed since (their own job replaced this one).
    await deleteSetCoverJob(deps.db, job.id);
    return;
  }
  const scratch = await makeScratch('set-cover');
  const stored: string[] = [];
  try {
    const files = [];
    for (const [index, picture] of pictures.entries()) {
      const key = publicKeyOf(deps.publicStore, picture.url);
      if (!key) throw new Error(`piece ${index + 1}'s picture is not one of the store's own files`);
      const stream = await deps.publicStore.getStream(key);
      if (!stream) throw new Error(`piece ${index + 1}'s picture is missing from the file storage`);
      const file = path.join(scratch, `piece-${index}`);
      await pipeline(stream, createWriteStream(file));
      files.push({ file, aspect: picture.width / picture.height });
    }
    const drawn = await composeGalleryWall(files, path.join(scratch, 'out'));
    const images = [];
    for (const made of drawn) {
      const key = coverKey(job, made.width);
      stored.push(key);
      await deps.publicStore.putFile(key, made.file, 'image/webp');
      images.push({ url: deps.publicStore.publicUrl(key), width: made.width, height: made.height });
    }
    const landed = await putOnSet(deps, job, JSON.stringify(images));
    if (!landed) await scheduleCleanup(deps.db, stored.map(publicObject), new Date());
    else await deps.catalogChanged();
    deps.log.info({ set: job.set_id, landed, files: stored.length }, 'set cover drawn');
  } catch (error) {
    await scheduleCleanup(deps.db, stored.map(publicObject), new Date());
    throw error;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** The cover on the set, if its pieces are still those drawn and the mockup still chosen; the job ends either way. */
async function putOnSet(deps: SetCoverDeps, job: SetCoverJobRow, images: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    await deleteSetCoverJob(trx, job.id);
    const set = await trx
      .selectFrom('artwork_sets')
      .select(['cover_kind', 'cover_mockup'])
      .where('id', '=', job.set_id)
      .executeTakeFirst();
    const pieces = set?.cover_kind === 'mockup' ? await currentPiecesOf(trx, job.set_id) : null;
    if (!set || !pieces || coverSourceOf(pieces) !== job.source) return false;
    await trx
      .updateTable('artwork_sets')
      .set({ cover_mockup: images, cover_mockup_source: job.source })
      .where('id', '=', job.set_id)
      .execute();
    const superseded = parseCoverImages(set.cover_mockup)
      .map((image) => publicKeyOf(deps.publicStore, image.url))
      .filter((key): key is string => key !== null);
    await scheduleCleanup(trx, superseded.map(publicObject), new Date(Date.now() + SUPERSEDED_GRACE_MS));
    return true;
  });
}

/** The runner of the set covers' jobs, one at a time: app.ts starts it, the sets' listeners nudge it. */
export function createSetCovers(deps: SetCoverDeps): JobRunner {
  return createJobRunner({
    name: 'set covers',
    db: deps.db,
    log: deps.log,
    table: SET_COVER_JOBS,
    run: (job) => makeSetCover(deps, job),
    // A job that ran is deleted by its run: nothing is left to mark.
    done: () => ({}),
    backOff: doublingBackOff({ firstMs: 60_000, maxMs: 10 * 60_000 }),
    giveUp: { afterAttempts: TRIES, changes: () => ({ status: 'failed' as const }) },
    everyMs: 30_000,
    batch: 1,
    // Drawing a wall of twelve pieces takes seconds; a slow machine's minute is still well inside.
    leaseMs: 5 * 60_000,
  });
}
