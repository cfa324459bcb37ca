import type { Readable } from 'node:stream';

/**
 * Where files live. The public store holds previews, renditions and media (served to everyone); the private store
 * holds full-resolution files, which are only ever streamed to a buyer through the app. Local disk by default;
 * any S3-compatible object store when S3_BUCKET is set.
 */
export interface StorageProvider {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file from local disk, read as a stream: a master of hundreds of megabytes is never held in memory.
   * Like `put`, a reader never sees half of it.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The URL a browser fetches the file from (meaningful for the public store only). */
  publicUrl(key: string): string;
  /** The file's bytes, or null when there is none (to derive another format from a master). */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream of its bytes, or null when there is none: for files too large to hold (masters, packs). */
  getStream(key: string): Promise<Readable | null>;
  /**
   * A link that downloads the file as an attachment named `fileName` until it expires: an S3 presigned GET, or an
   * HMAC-signed URL of the app for local disk. The store signs; who may download is decided before it is asked.
   */
  signedDownloadUrl(key: string, options: DownloadLinkOptions): Promise<string>;
  /**
   * Resolves when the store can take files now (the folder is writable, the bucket answers); rejects saying why
   * not. `/api/ready` asks it, and gives up on `signal`. Optional only so that in-memory test doubles need not
   * pretend: a store without it is reported as not ready.
   */
  ready?(signal: AbortSignal): Promise<void>;
  /**
   * Every stored file with its size in bytes, in no set order: what the whole store's export takes. Optional so
   * that wrappers and test doubles need not pretend; the export refuses a store without it.
   */
  list?(): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  bytes: number;
}

export interface DownloadLinkOptions {
  /** The name the browser saves the file under (any Unicode; sent in an RFC 6266 attachment header). */
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
}
