import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

/** A tus store that can read back what it holds (the file store and the S3 store both can). */
type ReadableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

function readableStore(store: DataStore): ReadableStore {
  if (!('read' in store) || typeof store.read !== 'function') throw new Error('this tus store cannot read uploads');
  return store as ReadableStore;
}

/** The first `count` bytes of a finished upload, reading no further. */
export async function readFirstBytes(store: DataStore, id: string, count: number): Promise<Buffer> {
  const stream = await readableStore(store).read(id);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= count) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, count);
}

/** Copies a finished upload to a file on disk as a stream, never holding more than a chunk of it. */
export async function copyUploadToFile(store: DataStore, id: string, file: string): Promise<void> {
  await pipeline(await readableStore(store).read(id), fs.createWriteStream(file, { flags: 'wx' }));
}
