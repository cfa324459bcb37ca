import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { PACK_PRIORITY, queuePack } from './pack-generation';
import { queuePacksForOrder } from './packs-for-order';
import { findPackArtwork } from './repository';

/**
 * What print packs do, after the commit, and without making anything twice when told again (a generation that holds
 * the same files is kept, only raised in the queue):
 * - an order is paid: its artworks' packs go first in the queue (a buyer is waiting on My Downloads);
 * - an artwork is created with a master, or its master is replaced: its pack is queued in the background (none for a
 *   PDF, a ZIP or a Drive link).
 */
export function registerPrintPackListeners(events: EventBus, deps: { db: Kysely<Database>; nudge: () => void }): void {
  events.onAfterCommit(['order.paid'], 'print-pack.queue-buyer-packs', async (event) => {
    if (await queuePacksForOrder(deps.db, event.orderId)) deps.nudge();
  });
  events.onAfterCommit(
    ['artwork.created', 'artwork.master-replaced'],
    'print-pack.queue-background-pack',
    async (event) => {
      const artwork = await findPackArtwork(deps.db, event.artworkId);
      if (artwork && (await queuePack(deps.db, artwork, { priority: PACK_PRIORITY.background, now: new Date() })))
        deps.nudge();
    },
  );
}
