import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { queueMockups } from './mockup-repository';

/**
 * What room mockups do when an artwork has a picture (a new one, or a new artwork's): after the commit, its mockups
 * are queued for the print pack's worker. Told again, nothing is queued: a job for that picture exists already.
 */
export function registerRoomMockupListeners(events: EventBus, deps: { db: Kysely<Database>; nudge: () => void }): void {
  events.onAfterCommit(['artwork.created', 'artwork.picture-replaced'], 'room-mockups.queue-mockups', async (event) => {
    if (await queueMockups(deps.db, event.artworkId, new Date())) deps.nudge();
  });
}
