/**
 * Where files live. The public store holds previews, renditions and media (served to everyone); the private store
 * holds full-resolution files, which are only ever streamed to a buyer through the app. Local disk by default;
 * any S3-compatible object store when S3_BUCKET is set.
 */
export interface StorageProvider {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The URL a browser fetches the file from (meaningful for the public store only). */
  publicUrl(key: string): string;
}
