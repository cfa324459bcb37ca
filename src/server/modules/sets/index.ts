// The sets module's public face: artworks sold together (decisions 0066 and 0067). Visitors' and the owner's routes,
// the sets on sale (the sitemap), and a set's lines for the cart's one pricing path.
export { adminSetRoutes, setRoutes } from './routes';
export { getSetOnSale, listSetsOnSale } from './service';
export { insertDemoSets } from './demo-sets';
export { loadSetLines } from './set-cart-lines';
export type { OwnedPiecesOf } from './routes';
export type { OwnedPiecesLookup, SetCompletion, SetPieceLine } from './set-cart-lines';
export { setSuggestionsFor } from './set-suggestions';
export { registerSetListeners } from './listeners';
export { createSetCovers } from './cover/set-cover-work';
export type { SetCoverDeps } from './cover/set-cover-work';
