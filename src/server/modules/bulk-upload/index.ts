// The bulk upload module's public face: the only file the rest of the server imports from it. Masters dropped by
// the hundred, sent through tus (resumable, across instances), each made into a draft artwork in the background.
export { DraftWorker } from './draft-worker';
export type { DraftWorkerDeps } from './draft-worker';
export { bulkUploadRoutes } from './routes';
export { createTusDataStore, createTusServer } from './tus-server';
