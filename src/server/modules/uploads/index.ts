// The uploads module's public face: the only file the rest of the server imports from it. Uploads: pictures and
// masters checked, prepared and stored, and stored files cleaned up.
export { findUploadByKey, findUploadsByUrl } from './repository';
export type { UploadRecord } from './repository';
export { uploadRoutes } from './routes';
export { storeUploads } from './service';
export { StoredFileCleanup } from './stored-file-cleanup';
export type { StoredFileCleanupOptions } from './stored-file-cleanup';
export { scheduleCleanup } from './stored-file-cleanup-repository';
export { pictureMasterTypeOf, PICTURE_MASTERS_DESCRIPTION, storeMasterFromDisk } from './store-master-from-disk';
export type { FileOnDisk } from './store-master-from-disk';
