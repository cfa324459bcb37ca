import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { queuePacksForOrder } from './packs-for-order';

/**
 * What print packs do when an order is paid: after the commit, its artworks' packs go first in the queue (a buyer is
 * waiting on My Downloads). Told again, it queues nothing new: a generation that holds the same files is kept.
 */
export function registerPrintPackListeners(events: EventBus, deps: { db: Kysely<Database>; nudge: () => void }): void {
  events.onAfterCommit(['order.paid'], 'print-pack.queue-buyer-packs', async (event) => {
    if (await queuePacksForOrder(deps.db, event.orderId)) deps.nudge();
  });
}
