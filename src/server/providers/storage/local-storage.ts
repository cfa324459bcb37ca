import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LocalLinkSigner } from './signed-local-link';
import type { DownloadLinkOptions, StorageProvider } from './storage-provider';

export const LOCAL_FILES_PREFIX = '/files/';

/** Files in a folder: DATA_DIR/files (served by the app at /files/) or DATA_DIR/private (served only through signed links). */
export class LocalStorage implements StorageProvider {
  private signer: LocalLinkSigner | undefined;

  constructor(readonly root: string) {}

  /**
   * Turns on signed download links. The route that serves them calls this as it is registered, so a link is never
   * handed out that nothing would answer.
   */
  signDownloadsWith(signer: LocalLinkSigner): void {
    this.signer = signer;
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    // Keys are made by the server, but a key must never climb out of the storage folder.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file; a temporary name of its own per write, so two writes
    // of one key at once (two buyers asking for the same derived JPG) cannot interleave in one temporary file.
    const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  /** The folder exists (made if need be, as the first upload would) and this process may write in it. */
  async ready(_signal?: AbortSignal): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, constants.W_OK);
  }

  publicUrl(key: string): string {
    return `${LOCAL_FILES_PREFIX}${key}`;
  }

  /** An app URL (relative to PUBLIC_URL) that serves the file until it expires, HMAC-signed. */
  async signedDownloadUrl(key: string, { fileName, contentType, expiresInSeconds }: DownloadLinkOptions): Promise<string> {
    if (!this.signer) throw new Error('Signed downloads are off for this folder: register the local file route for it first');
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    return this.signer.url({ key, name: fileName, contentType, expires });
  }
}
