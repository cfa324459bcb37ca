// The downloads module's public face: the only file the rest of the server imports from it. What a buyer downloads:
// entitlement, limits, signed links, print-pack files and ZIPs, and a set's packs in one ZIP.
export { SIGNED_FILES_PATH, localFileRoutes } from './local-file-route';
export { packZipSigner } from './pack-zip-link';
export { packZipRoutes } from './pack-zip-route';
export { setZipSigner } from './set-zip-link';
export { setZipRoutes } from './set-zip-route';
export { guestLibraryRoutes } from './guest-library-routes';
export { downloadRoutes } from './routes';
export { downloadSigningSecret } from './signing-secret';
export { downloadsOfAccount } from './account-downloads';
