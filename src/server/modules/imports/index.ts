// The imports module's public face: the only file the rest of the server imports from it. Moving a catalogue in
// from Etsy's listings CSV or Shopify's products CSV: understood, confirmed, made into drafts, pictures fetched.
export { createImportPictures } from './picture-jobs';
export type { ImportPictureDeps } from './picture-jobs';
export { importRoutes } from './routes';
export type { ImportDeps } from './service';
export type { SafeFetchOptions } from './safe-fetch';
