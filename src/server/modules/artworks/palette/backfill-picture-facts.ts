import { setTimeout as sleep } from 'node:timers/promises';
import { startWorker, type Worker } from '../../../operations/background-worker';
import { throttleCatalogChanges } from '../../../operations/jobs/throttled-catalog-change';
import { openPaletteReader } from './palette-reader';
import { readPictureFacts, type PictureFactsDeps } from './read-picture-facts';
import { pictureOrientationOf } from './picture-source';
import { savePictureFacts, type PictureFacts } from './save-picture-facts';

export interface BackfillDeps extends PictureFactsDeps {
  /**
   * The catalogue's kept answers are stale: said at most every minute while palettes are saved. Background work: the
   * store says it so that kept pages are made anew as asked for, not dropped (CatalogVersion, `palettes`).
   */
  catalogChanged: () => Promise<void>;
}

export interface BackfillOptions {
  /** Artworks read one after the other in a batch: a few, so the batch's query stays small. */
  batchSize?: number;
  /** The least pause between batches, which leaves the cores to requests; a batch that took longer rests as long. */
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
 * How often the palettes saved are said while a run goes on: every kept answer shows them (the colour facets' counts),
 * and each is made anew once per saying, and some (a search of 100,000 artworks) hold SQLite's one thread for a
 * second or more. As often as kept answers expire anyway (ANSWER_MAX_AGE_MS), a run costs no more than a quiet store:
 * after an upgrade it saves 100,000, for hours (bench:upgrade). The owner's own pictures are read as they are saved
 * (read-picture-facts.ts) and shown at once.
 */
const SAID_EVERY_MS = 60_000;

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
  // A saved palette makes the catalogue's kept answers stale: said at most every minute, and once when the run ends.
  const catalogChange = throttleCatalogChanges(deps.catalogChanged, SAID_EVERY_MS);
  // The pictures are decoded in a child process for the run, not in the store's (palette-reader.ts says why).
  const reader = openPaletteReader();
  try {
    while (!signal.aborted) {
      const batchStarted = Date.now();
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
          facts = await readPictureFacts(deps.publicStore, row, reader.shrink);
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
        if (saved) catalogChange.note();
      }
      await catalogChange.sayIfDue();
      if (rows.length < batchSize) break;
      // Reading a picture is sharp's work, in the reader's child at the store's priority, on the cores the requests
      // share: resting as long as the batch took gives requests at least half of that time back (bench:upgrade, 100,000
      // palettes after an upgrade: pages at a quarter of bare node's rate while it read without rest).
      const rest = Math.max(pauseMs, Date.now() - batchStarted);
      await sleep(rest, undefined, { signal }).catch(() => undefined);
    }
  } finally {
    reader.close();
    await catalogChange.sayRest();
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
