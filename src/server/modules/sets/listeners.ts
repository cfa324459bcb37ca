import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { queueSetCover, setIdsWithPiece } from './cover/set-cover-jobs';

/**
 * What sets do after a change, from the outbox: a set saved, or a piece given a new picture, queues the set's
 * gallery-wall cover when the owner chose one and its pictures are not those it was drawn from, and nudges the job
 * runner. Told again, nothing is queued: a job for those pictures exists already.
 */
export function registerSetListeners(events: EventBus, deps: { db: Kysely<Database>; nudge: () => void }): void {
  events.onAfterCommit(['set.saved'], 'sets.queue-cover', async (event) => {
    if (await queueSetCover(deps.db, event.setId, new Date())) deps.nudge();
  });
  events.onAfterCommit(['artwork.picture-replaced'], 'sets.queue-covers-of-piece', async (event) => {
    let queued = false;
    for (const setId of await setIdsWithPiece(deps.db, event.artworkId))
      queued = (await queueSetCover(deps.db, setId, new Date())) || queued;
    if (queued) deps.nudge();
  });
}
