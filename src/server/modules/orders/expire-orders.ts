import { applyOrderEvent } from './apply-order-event';
import type { LifecycleDeps } from './order-deps';
import { findStaleOpenOrderIds } from './repository';

/**
 * Closes the orders left open (never paid) since before `olderThan`, so that the same cart starts a fresh order,
 * each with its history row. Each one is locked and decided again: a payment that got in first keeps its order, and
 * instances that run this at once close each order once. Returns how many this call closed.
 */
export async function expireStaleOrders(deps: LifecycleDeps, olderThan: Date, now: Date): Promise<number> {
  let expired = 0;
  for (const orderId of await findStaleOpenOrderIds(deps.db, olderThan)) {
    if ((await applyOrderEvent(deps, { orderId }, { type: 'expired' }, { now })) === 'changed') expired++;
  }
  return expired;
}
