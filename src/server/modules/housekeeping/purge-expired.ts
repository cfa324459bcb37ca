import { deleteEndedRateLimitWindows } from '../../http/database-rate-limit-store';
import { startWorker, type Worker } from '../../operations/background-worker';
import { deleteDeadSessions, deleteSpentEmailTokens } from '../auth';
import { expireStaleOrders } from '../orders';
import type { LifecycleDeps } from '../orders';

const PENDING_ORDER_MS = 24 * 3_600_000;

/**
 * Deletes rows that can never count again (dead sessions, spent or expired e-mail links, ended rate-limit windows)
 * and expires orders left unpaid for a day, so that the same cart starts a fresh order. Each statement names only
 * rows that are dead by time or use, and each order is closed once, so instances that run it at once simply share
 * the work. A payment that succeeds after all still makes an expired order paid: money taken is always recorded.
 */
export async function purgeExpired(deps: LifecycleDeps, now: Date, sessionIdleMs: number) {
  const { db } = deps;
  return {
    sessions: await deleteDeadSessions(db, now, new Date(now.getTime() - sessionIdleMs)),
    emailTokens: await deleteSpentEmailTokens(db, now),
    rateLimitWindows: await deleteEndedRateLimitWindows(db, now.getTime()),
    canceledOrders: await expireStaleOrders(deps, new Date(now.getTime() - PENDING_ORDER_MS), now),
  };
}

const EVERY_MS = 60 * 60_000;
const FIRST_RUN_MS = 60_000;

/**
 * Runs the purge a minute after start, then hourly, each instance at a random offset so that several instances do
 * not all delete at the same moment.
 */
export function startHousekeeping(deps: LifecycleDeps, sessionIdleMs: number): Worker {
  return startWorker({
    name: 'housekeeping',
    everyMs: EVERY_MS,
    firstRunMs: FIRST_RUN_MS,
    jitter: 1,
    run: async () => {
      const purged = await purgeExpired(deps, new Date(), sessionIdleMs);
      deps.log.info({ purged }, 'housekeeping: expired rows deleted');
    },
    log: deps.log,
  });
}
