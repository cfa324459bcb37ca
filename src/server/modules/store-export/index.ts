// The store-export module's public face: the owner's catalogue CSV and whole-store archive downloads.
export { storeExportRoutes, type StoreExportDeps } from './routes';
