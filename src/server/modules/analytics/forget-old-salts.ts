import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { dayOf } from '#shared/analytics/funnel.ts';
import type { Database } from '../../db/schema';
import { startWorker, type Worker } from '../../operations/background-worker';
import type { DailySalts } from './daily-salt';
import { forgetDaysBefore } from './repository';

const EVERY_MS = 10 * 60_000;

/**
 * Every ten minutes on each instance (and once soon after start), yesterday's salt and visitor hashes are deleted,
 * so a day's salt lives at most ten minutes past its midnight (UTC). Deleting what is already gone changes
 * nothing, so instances need not agree on who does it.
 */
export function startSaltSweep(deps: { db: Kysely<Database>; salts: DailySalts; log: FastifyBaseLogger }): Worker {
  return startWorker({
    name: 'funnel salt sweep',
    everyMs: EVERY_MS,
    firstRunMs: 5_000,
    jitter: 1,
    run: async () => {
      const today = dayOf(new Date());
      deps.salts.forgetBefore(today);
      const forgotten = await forgetDaysBefore(deps.db, today);
      if (forgotten.salts + forgotten.visitors > 0) deps.log.info({ forgotten }, 'funnel: past days’ salts deleted');
    },
    log: deps.log,
  });
}
