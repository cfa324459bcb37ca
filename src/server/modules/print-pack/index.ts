// The print-pack module's public face: the only file the rest of the server imports from it. Print packs: the files
// cut from the owner's master per frame ratio, made in the background by the job runner.
export { registerPrintPackListeners } from './listeners';
export { PACK_PRIORITY, queuePack } from './pack-generation';
export { PrintPackWorker } from './pack-worker';
export type { PrintPackWorkerOptions } from './pack-worker';
export { ratioPng } from './png-on-demand';
export { ratioFileName } from './ratio-file-name';
export { findCompletePack, findNewestPack, findPackArtwork, findPackFiles } from './repository';
export type { PackFileRow } from './repository';
export { printPackRoutes } from './routes';
