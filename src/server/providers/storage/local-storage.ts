import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { LocalLinkSigner } from './signed-local-link';
import type { DownloadLinkOptions, StorageProvider, StoredFile } from './storage-provider';

/** How the app hands out a folder's files: the routes that serve them are wired in app.ts, which says where. */
export interface LocalStorageLinks {
  /** Public files (DATA_DIR/files): the URL path the app serves the folder at, to everyone. */
  publicPath?: string;
  /** Private files (DATA_DIR/private): what signs the links of the route that serves them one by one. */
  signer?: LocalLinkSigner;
}

/** Files in a folder: DATA_DIR/files (served by the app to everyone) or DATA_DIR/private (through signed links). */
export class LocalStorage implements StorageProvider {
  constructor(
    readonly root: string,
    private readonly links: LocalStorageLinks = {},
  ) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    // Keys are made by the server, but a key must never climb out of the storage folder.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    await this.writeThenRename(key, (temporary) => fs.writeFile(temporary, body));
  }

  async putFile(key: string, source: string, _contentType?: string): Promise<void> {
    await this.writeThenRename(key, (temporary) => fs.copyFile(source, temporary));
  }

  /**
   * Write then rename, so a reader never sees half a file; a temporary name of its own per write, so two writes of
   * one key at once (two buyers asking for the same derived JPG) cannot interleave in one temporary file.
   */
  private async writeThenRename(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(temporary);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    // Opened before it is handed over, so a missing file is null here rather than an error event later.
    const handle = await fs.open(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    return handle ? handle.createReadStream() : null;
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
  async *list(): AsyncIterable<StoredFile> {
    const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      // A write in flight is a temporary file until it is renamed: not a stored file yet.
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const { size } = await fs.stat(file);
      yield { key: path.relative(this.root, file).split(path.sep).join('/'), bytes: size };
    }
  }

  async ready(_signal?: AbortSignal): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, constants.W_OK);
  }

  publicUrl(key: string): string {
    if (this.links.publicPath === undefined) throw new Error(`This folder is not served to everyone: ${this.root}`);
    return `${this.links.publicPath}${key}`;
  }

  /** An app URL (relative to PUBLIC_URL) that serves the file until it expires, HMAC-signed. */
  async signedDownloadUrl(
    key: string,
    { fileName, contentType, expiresInSeconds }: DownloadLinkOptions,
  ): Promise<string> {
    if (!this.links.signer) throw new Error(`This folder hands out no download links: ${this.root}`);
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    return this.links.signer.url({ key, name: fileName, contentType, expires });
  }
}
