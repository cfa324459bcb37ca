import fs from 'node:fs/promises';
import path from 'node:path';
import type { StorageProvider } from './storage-provider';

export const LOCAL_FILES_PREFIX = '/files/';

/** Files in a folder: DATA_DIR/files (served by the app at /files/) or DATA_DIR/private (never served). */
export class LocalStorage implements StorageProvider {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    // Keys are made by the server, but a key must never climb out of the storage folder.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, body);
    await fs.rename(temporary, file);
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

  publicUrl(key: string): string {
    return `${LOCAL_FILES_PREFIX}${key}`;
  }
}
