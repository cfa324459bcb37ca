// The artworks module's public face: the only file the rest of the server imports from it. The catalogue: artworks,
// their pictures, prices, facets and palettes, for visitors and the owner.
export { adminArtworkRoutes } from './admin-routes';
export { artworkInputToRow } from './artwork-row';
export type { ArtworkInput } from './artwork-row';
export { syncArtworkFacets, syncArtworksFacets } from './facets/sync-artwork-facets';
export { syncCatalogueFacets } from './facets/sync-catalogue-facets';
export { registerArtworkListeners } from './listeners';
export { startPictureFactsBackfill } from './palette/backfill-picture-facts';
export type { PictureFactsDeps } from './palette/read-picture-facts';
export { insertArtworksWithPrices } from './price-history';
export { rowToArtwork } from './artwork-row';
export { printFactsOf } from './print-facts';
export { countArtworksByCategory, findArtworksByIds, findVisibleArtworksByIds } from './repository';
export { artworkRoutes } from './routes';
export { getArtworkDetail } from './service';
export { createDraftArtwork } from './draft-artworks';
export type { DraftFromMaster } from './draft-artworks';
export type { ArtworkWriteDeps } from './write-service';
export { updateArtwork } from './write-service';
export { holdArtworks, publishArtworks, releaseArtworks, startReleaseWorker } from './release/release-service';
export type { Release, ReleaseDeps } from './release/release-service';
export { visibleArtworkId, visibleToVisitors } from './visible-to-visitors';
