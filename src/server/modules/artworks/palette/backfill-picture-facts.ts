import { setTimeout as sleep } from 'node:timers/promises';
import { startWorker, type Worker } from '../../../operations/background-worker';
import { readPictureFacts, type PictureFactsDeps } from './read-picture-facts';
import { pictureOrientationOf } from './picture-source';
import { savePictureFacts, type PictureFacts } from './save-picture-facts';

export interface BackfillDeps extends PictureFactsDeps {
  /** The catalogue's kept answers are stale: bumped once after each batch that saved something. */
  catalogChanged: () => Promise<void>;
}

export interface BackfillOptions {
  /** Artworks read one after the other in a batch: a few, so the batch's query stays small. */
  batchSize?: number;
  /** The pause between batches, which leaves the cores to requests. */
  pauseMs?: number;
}

export interface BackfillOutcome {
  /** Artworks whose palette (and orientation) were saved. */
  saved: number;
  /** Artworks whose picture is not in the public store (an outside URL, a missing file): palette left null. */
  skipped: number;
  /** Artworks whose picture could not be decoded: palette left null, tried again at the next run. */
  failed: number;
}

const BATCH_SIZE = 8;
const PAUSE_MS = 50;
/**
 * A saved palette makes the catalogue's kept answers stale. While a run saves many (a large catalogue after an
 * upgrade), they are dropped at most this often, and once when it ends: dropped after every batch, every visitor's
 * next page was worked out again all the time (bench:http at 100,000 artworks: pages at a third of their rate for
 * the first minute, while 5,000 pictures were read).
 */
const CATALOG_CHANGE_EVERY_MS = 10_000;

/**
 * Gives every artwork without a palette or an orientation those read from its picture, a batch of a few at a
 * time in id order, one artwork after the other, pausing between batches. Each artwork is looked at once per run
 * (the run goes on past those it cannot read), and a run ends early when the worker stops. Two instances running
 * at once may both read an artwork: both write the same facts, which is harmless.
 */
export async function backfillPictureFacts(
  deps: BackfillDeps,
  signal: AbortSignal,
  { batchSize = BATCH_SIZE, pauseMs = PAUSE_MS }: BackfillOptions = {},
): Promise<BackfillOutcome> {
  const outcome: BackfillOutcome = { saved: 0, skipped: 0, failed: 0 };
  let after = 0;
  let unsaid = false;
  let saidAt = Date.now();
  try {
    while (!signal.aborted) {
      const rows = await deps.db
        .selectFrom('artworks')
        .select(['id', 'images', 'image_url', 'master_width', 'master_height', 'palette', 'orientation'])
        .where((eb) => eb.or([eb('palette', 'is', null), eb('orientation', 'is', null)]))
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        if (signal.aborted) break;
        after = row.id;
        let facts: PictureFacts & { skipped?: string };
        try {
          facts = await readPictureFacts(deps.publicStore, row);
        } catch (error) {
          deps.log.warn({ err: error, artworkId: row.id }, 'backfill: the picture could not be read for its palette');
          outcome.failed += 1;
          facts = { palette: null, orientation: pictureOrientationOf(row) };
        }
        if (facts.skipped) outcome.skipped += 1;
        // Nothing new learnt (a picture elsewhere whose orientation is already known): nothing to write.
        if (facts.palette === null && facts.orientation === row.orientation) continue;
        const saved = await savePictureFacts(deps.db, row.id, facts, {
          afterSave: deps.afterSave,
          onlyIfImages: row.images,
        });
        if (saved && facts.palette !== null) outcome.saved += 1;
        if (saved) unsaid = true;
      }
      if (unsaid && Date.now() - saidAt >= CATALOG_CHANGE_EVERY_MS) {
        unsaid = false;
        saidAt = Date.now();
        await deps.catalogChanged();
      }
      if (rows.length < batchSize) break;
      await sleep(pauseMs, undefined, { signal }).catch(() => undefined);
    }
  } finally {
    if (unsaid) await deps.catalogChanged();
  }
  return outcome;
}

/** The first run this long after start: the demo catalogue, seeded before the app is ready, has palettes seconds in. */
const FIRST_RUN_MS = 1_000;
/** Then once a day, for what a run could not read (the file storage was down). */
const EVERY_MS = 24 * 3_600_000;

/** Starts the backfill in the background: once soon after start, then daily. */
export function startPictureFactsBackfill(deps: BackfillDeps): Worker {
  return startWorker({
    name: 'picture facts backfill',
    everyMs: EVERY_MS,
    firstRunMs: FIRST_RUN_MS,
    jitter: 1,
    run: async (signal) => {
      const outcome = await backfillPictureFacts(deps, signal);
      if (outcome.saved + outcome.failed > 0) deps.log.info({ outcome }, 'picture facts backfill: palettes read');
    },
    log: deps.log,
  });
}
