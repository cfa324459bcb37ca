import { startWorker, type Worker } from '../operations/background-worker';
import { drainOutbox } from './drain-outbox';
import type { OutboxRunDeps } from './run-outbox-rows';

const DRAIN_EVERY_MS = 2_000;
const DRAIN_BATCH = 20;

/** The outbox's drain on this instance: every 2 s, what crashed requests left and the retries of failed listeners. */
export function startOutboxDrain(deps: OutboxRunDeps, everyMs = DRAIN_EVERY_MS): Worker {
  return startWorker({
    name: 'event outbox',
    everyMs,
    firstRunMs: 0,
    jitter: 0.5,
    run: async (signal) => void (await drainOutbox(deps, { limit: DRAIN_BATCH, signal })),
    log: deps.log,
  });
}
