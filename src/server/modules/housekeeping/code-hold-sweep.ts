import { startWorker, type Worker } from '../../operations/background-worker';
import { lapseCodeHolds, type OrderDeps } from '../orders';

const EVERY_MS = 60_000;

/**
 * Every minute (each instance at a random offset), the limited codes' holds that ran out unpaid: a checkout still
 * waiting for a payment method is canceled with its intent, one whose payment is under way keeps its hold longer
 * (orders/lapse-code-holds.ts).
 */
export function startCodeHoldSweep(deps: OrderDeps): Worker {
  return startWorker({
    name: 'code hold sweep',
    everyMs: EVERY_MS,
    jitter: 1,
    run: async () => {
      const swept = await lapseCodeHolds(deps, new Date());
      if (swept.released + swept.extended > 0) deps.log.info({ swept }, 'code holds: lapsed ones swept');
    },
    log: deps.log,
  });
}
