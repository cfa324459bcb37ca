// The settings module's public face: the only file the rest of the server imports from it. The store's settings as
// the storefront reads them.
export { settingsRoutes } from './routes';
export { storeSettingsOf } from './service';
