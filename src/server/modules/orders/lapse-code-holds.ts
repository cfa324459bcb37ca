import { extendHold, findLapsedHolds } from '../discounts';
import type { OrderDeps } from './order-deps';
import { releaseUnlessPaying } from './release-unless-paying';

/** How many lapsed holds one pass looks at: each asks the provider once; the next pass takes the rest. */
const PASS_LIMIT = 50;

/**
 * The holds whose 30 minutes ran out unpaid: each checkout still waiting for a payment method is canceled with its
 * intent, so the code's use goes back for good; one whose payment is under way keeps its hold 30 minutes more.
 * Instances that run it at once each change an order once (the lifecycle locks it).
 */
export async function lapseCodeHolds(deps: OrderDeps, now: Date): Promise<{ released: number; extended: number }> {
  const counts = { released: 0, extended: 0 };
  for (const orderId of await findLapsedHolds(deps.db, now, PASS_LIMIT)) {
    if ((await releaseUnlessPaying(deps, orderId, now)) === 'released') {
      counts.released++;
      continue;
    }
    await extendHold(deps.db, orderId, now);
    counts.extended++;
  }
  return counts;
}
