// The broadcasts module's public face: the only file the rest of the server imports from it. The owner's list mail
// and the store's weekly new-art digest, each sent to its list at most once per address.
export type { BroadcastSenderOptions } from './broadcast-sender';
export { createListMailWorkers } from './list-mail-workers';
export { registerBroadcastListeners } from './listeners';
export { adminBroadcastRoutes } from './routes';
export type { BroadcastDeps } from './service';
export type { SenderDeps } from './send-batch';
