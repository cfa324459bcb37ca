import { startWorker, type Worker } from '../operations/background-worker';
import { drainOutbox } from './drain-outbox';
import { deleteDoneOutboxRows } from './outbox-repository';
import type { OutboxRunDeps } from './run-outbox-rows';

const DRAIN_EVERY_MS = 2_000;
const DRAIN_BATCH = 20;
const KEEP_DONE_MS = 30 * 24 * 3_600_000;
const CLEAN_EVERY_MS = 3_600_000;

/**
 * The outbox's drain on this instance: every 2 s, what crashed requests left and the retries of failed listeners;
 * once an hour, the rows done more than 30 days ago are deleted.
 */
export function startOutboxDrain(deps: OutboxRunDeps, everyMs = DRAIN_EVERY_MS): Worker {
  let cleanedAt = 0;
  return startWorker({
    name: 'event outbox',
    everyMs,
    firstRunMs: 0,
    jitter: 0.5,
    run: async (signal) => {
      await drainOutbox(deps, { limit: DRAIN_BATCH, signal });
      if (Date.now() - cleanedAt < CLEAN_EVERY_MS) return;
      cleanedAt = Date.now();
      await deleteDoneOutboxRows(deps.db, new Date(cleanedAt - KEEP_DONE_MS));
    },
    log: deps.log,
  });
}
