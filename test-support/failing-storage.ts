import type { Readable } from 'node:stream';
import type { LocalStorage } from '../src/server/providers/storage/local-storage';
import type { DownloadLinkOptions, StorageProvider } from '../src/server/providers/storage/storage-provider';

/** What the AWS SDK rejects with when the S3 server is not there: a socket error, with the SDK's $metadata. */
export function storageDownError(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED', $metadata: {} });
}

/**
 * For tests of a storage that stops half-way, after which nothing half-written may remain: real files on disk
 * through LocalStorage, until it is told to fail its puts after a number of them, or its deletes. Notes every key
 * it was asked to put.
 */
export class FailingStorage implements StorageProvider {
  /** Every key a put was asked for, in order, whether it worked or not. */
  readonly putKeys: string[] = [];
  /** The errors its failed puts threw, so that a test can check it is that very error the caller sees. */
  readonly putErrors: Error[] = [];
  private putsLeft = Number.POSITIVE_INFINITY;
  private deletesFail = false;

  constructor(readonly inner: LocalStorage) {}

  /** The next `count` puts work; every one after them fails as if the S3 server had stopped. */
  failPutsAfter(count: number): void {
    this.putsLeft = count;
  }

  failDeletes(): void {
    this.deletesFail = true;
  }

  heal(): void {
    this.putsLeft = Number.POSITIVE_INFINITY;
    this.deletesFail = false;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.countPut(key);
    await this.inner.put(key, body, contentType);
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    this.countPut(key);
    await this.inner.putFile(key, file, contentType);
  }

  /** Notes the put, and throws as a stopped S3 server would once the puts allowed are spent. */
  private countPut(key: string): void {
    this.putKeys.push(key);
    if (this.putsLeft <= 0) {
      const error = storageDownError();
      this.putErrors.push(error);
      throw error;
    }
    this.putsLeft -= 1;
  }

  async delete(key: string): Promise<void> {
    if (this.deletesFail) throw storageDownError();
    await this.inner.delete(key);
  }

  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }

  get(key: string): Promise<Buffer | null> {
    return this.inner.get(key);
  }

  getStream(key: string): Promise<Readable | null> {
    return this.inner.getStream(key);
  }

  publicUrl(key: string): string {
    return this.inner.publicUrl(key);
  }

  signedDownloadUrl(key: string, options: DownloadLinkOptions): Promise<string> {
    return this.inner.signedDownloadUrl(key, options);
  }
}
