import type { EventBus } from '../../events/event-bus';
import { syncArtworkFacets } from './facets/sync-artwork-facets';
import { savePictureFactsAfterWrite, type PictureFactsDeps } from './palette/read-picture-facts';

/**
 * What artworks do when an artwork changes: the shop's browsing facets follow what it offers in print, in the
 * change's transaction; after the commit, the palette and orientation are read from a new picture, or from a new
 * master (which may tell the orientation of an artwork without renditions). Read again, they are written the same.
 */
export function registerArtworkListeners(events: EventBus, pictureFacts: PictureFactsDeps): void {
  events.onInTransaction('artwork.prints-changed', (trx, event) => syncArtworkFacets(trx, event.artworkId));
  events.onAfterCommit(
    ['artwork.created', 'artwork.picture-replaced', 'artwork.master-replaced'],
    'artworks.read-picture-facts',
    (event) => savePictureFactsAfterWrite(pictureFacts, event.artworkId),
  );
}
