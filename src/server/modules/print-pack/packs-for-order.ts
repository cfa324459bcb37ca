import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PACK_PRIORITY, queuePack } from './pack-generation';
import { findPackArtwork } from './repository';

/**
 * A paid order's artworks get their packs first in the queue: a buyer is waiting on My Downloads. Most have one
 * ready already (queuePack then changes nothing); a demo artwork's is made on its first purchase. True when a pack
 * is waiting to be made.
 */
export async function queuePacksForOrder(db: Kysely<Database>, orderId: number): Promise<boolean> {
  const items = await db.selectFrom('order_items').select('artwork_id').where('order_id', '=', orderId).execute();
  let queued = false;
  for (const { artwork_id: artworkId } of items) {
    const artwork = await findPackArtwork(db, artworkId);
    if (!artwork) continue;
    const packId = await queuePack(db, artwork, { priority: PACK_PRIORITY.buyer, now: new Date() });
    queued ||= packId !== undefined;
  }
  return queued;
}
