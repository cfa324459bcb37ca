// What the bulk upload's server and admin page share without a validation library.

/** The most masters one batch takes: a seller moving in drops them in a few batches, each reviewed on one page. */
export const MAX_FILES_PER_BATCH = 200;
/** Where the tus endpoint is: the browser creates uploads here and resumes them at the address it is given. */
export const BULK_UPLOAD_TUS_PATH = '/api/admin/bulk-uploads/files';
/** The file types the admin's picker offers (the server decides by the bytes). */
export const BULK_UPLOAD_ACCEPT = ['.png', '.jpg', '.jpeg', '.tif', '.tiff', 'image/png', 'image/jpeg', 'image/tiff'];

/** A file's state, as the review grid shows it. */
export const BULK_FILE_STATUSES = ['uploading', 'queued', 'making', 'drafted', 'failed'] as const;
export type BulkFileStatusName = (typeof BULK_FILE_STATUSES)[number];
