import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Storages } from '../providers/storage/create-storage';
import type { DownloadLinkOptions, StorageProvider, StoredFile } from '../providers/storage/storage-provider';
import { demoMasterOfKey, drawDemoMaster } from './demo-master';

/**
 * The private store, with the demo artworks' print files in it: one that is asked for and missing is drawn then
 * (demo-master.ts), put in the store, and from then on is a file like any other. Every other key, and every other
 * call, goes to the store as it is.
 */
export class DemoPrintStorage implements StorageProvider {
  /** One drawing per key at a time in this process: two buyers asking at once share one. */
  private readonly drawing = new Map<string, Promise<void>>();
  readonly ready?: (signal: AbortSignal) => Promise<void>;
  /** The files stored so far: a demo master not drawn yet is not one (an export carries what exists). */
  readonly list?: () => AsyncIterable<StoredFile>;

  constructor(private readonly inner: StorageProvider) {
    this.ready = inner.ready?.bind(inner);
    this.list = inner.list?.bind(inner);
  }

  async exists(key: string): Promise<boolean> {
    if (await this.inner.exists(key)) return true;
    return (await this.drawn(key)) && this.inner.exists(key);
  }

  async get(key: string): Promise<Buffer | null> {
    const bytes = await this.inner.get(key);
    if (bytes || !(await this.drawn(key))) return bytes;
    return this.inner.get(key);
  }

  async getStream(key: string): Promise<Readable | null> {
    const stream = await this.inner.getStream(key);
    if (stream || !(await this.drawn(key))) return stream;
    return this.inner.getStream(key);
  }

  put(key: string, body: Buffer, contentType: string): Promise<void> {
    return this.inner.put(key, body, contentType);
  }

  putFile(key: string, file: string, contentType: string): Promise<void> {
    return this.inner.putFile(key, file, contentType);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  publicUrl(key: string): string {
    return this.inner.publicUrl(key);
  }

  signedDownloadUrl(key: string, options: DownloadLinkOptions): Promise<string> {
    return this.inner.signedDownloadUrl(key, options);
  }

  /**
   * Draws a demo master that is not in the store yet; false for a key that is no demo master's. Across instances
   * it may be drawn twice, which is harmless: both put the same bytes, and a put never shows half a file.
   */
  private async drawn(key: string): Promise<boolean> {
    const master = demoMasterOfKey(key);
    if (master === undefined) return false;
    let drawing = this.drawing.get(key);
    if (!drawing) {
      drawing = this.draw(key, master).finally(() => this.drawing.delete(key));
      this.drawing.set(key, drawing);
    }
    await drawing;
    return true;
  }

  private async draw(key: string, master: { seed: number; version: number }): Promise<void> {
    if (await this.inner.exists(key)) return;
    // Drawn into a file and stored from it: the store's process never holds the picture.
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-master-'));
    try {
      const file = path.join(scratch, 'master.png');
      if (await drawDemoMaster(master, file)) await this.inner.putFile(key, file, 'image/png');
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  }
}

/** The storages, the demo's print files drawn on demand: for wherever storages are made for a store with the demo. */
export function withDemoPrints(storages: Storages): Storages {
  return { ...storages, privateStore: new DemoPrintStorage(storages.privateStore) };
}
