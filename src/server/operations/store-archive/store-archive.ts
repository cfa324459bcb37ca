// The whole store as one ZIP: its manifest, its tables as JSON lines and every stored file, written while it is
// read. Every entry is stored, not compressed (the pictures, most of the bytes, are compressed already), so the
// ZIP's exact length is known before its first byte: the owner sees the size, and the download has a Content-Length.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { StorageProvider, StoredFile } from '../../providers/storage/storage-provider';
import { makeScratch } from '../scratch-folders';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  FILE_STORES,
  MANIFEST_ENTRY,
  fileEntry,
  tableEntry,
  type ArchiveManifest,
  type FileStore,
} from './archive-format';
import { dumpTables } from './dump-tables';

export interface ArchiveSources {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, by name
  db: Kysely<any>;
  stores: Record<FileStore, StorageProvider>;
}

export interface StoreArchive {
  manifest: ArchiveManifest;
  /** The ZIP's exact length in bytes. */
  bytes: number;
  /** The ZIP, read once; the table files are removed when it ends or is abandoned. */
  stream: Readable;
}

/** Reads the tables and lists the files, then answers the archive's size and its stream (not started yet). */
export async function openStoreArchive(sources: ArchiveSources, now = new Date()): Promise<StoreArchive> {
  const scratch = await makeScratch('store-archive');
  const removeScratch = () => fs.rmSync(scratch, { recursive: true, force: true });
  try {
    const dumped = await dumpTables(sources.db, scratch);
    const files = { public: await listFiles(sources.stores.public), private: await listFiles(sources.stores.private) };
    const manifest: ArchiveManifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      migration: dumped.migration,
      exportedAt: now.toISOString(),
      tables: dumped.tables,
      files: {
        public: { count: files.public.length, bytes: sum(files.public) },
        private: { count: files.private.length, bytes: sum(files.private) },
      },
    };
    const zip = new ZipFile();
    const stream = zip.outputStream as unknown as Readable;
    // Listening before anything is pumped: a stream's failure ends the archive's stream, never the process.
    zip.on('error', (error: Error) => stream.destroy(error));
    const entry = { compress: false, mtime: now };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY, entry);
    let reading: Readable | undefined;
    dumped.tables.forEach((table, index) => {
      const file = dumped.files[index] as string;
      zip.addReadStreamLazy(tableEntry(table.name), { ...entry, size: fs.statSync(file).size }, (done) => {
        reading = fs.createReadStream(file);
        // yazl listens to no error of the streams it is given: a table file gone (the archive abandoned and its
        // scratch removed while yazl still pumped) would end the process. It ends this archive instead.
        reading.once('error', (error) => zip.emit('error', error));
        done(null, reading);
      });
    });
    for (const store of FILE_STORES) {
      for (const file of files[store]) {
        zip.addReadStreamLazy(fileEntry(store, file.key), { ...entry, size: file.bytes }, (done) => {
          sources.stores[store].getStream(file.key).then(
            (stream) => {
              if (!stream)
                return done(new Error(`${file.key} went missing from the ${store} store`), undefined as never);
              reading = stream;
              stream.once('error', (error) => zip.emit('error', error));
              done(null, stream);
            },
            (error: Error) => done(error, undefined as never),
          );
        });
      }
    }
    // @types/yazl leaves out the callback's argument: the total size, or -1 when it cannot be known in advance.
    const end = zip.end.bind(zip) as (options: { forceZip64Format: boolean }, sized: (total: number) => void) => void;
    // Always the ZIP64 end records: yazl 3.3.1 counts them in the size it foretells once the central directory passes
    // 64 KiB (about 600 entries), but writes them only past 4 GiB, so a store of 600 files was sent 76 bytes short of
    // its Content-Length and every download of it failed. Forced, both agree; every ZIP reader knows ZIP64.
    const bytes = await new Promise<number>((resolve) => end({ forceZip64Format: true }, resolve));
    if (bytes < 0) throw new Error('The archive’s size could not be known in advance');
    // Done or abandoned (the owner cancels): the open file is closed and the table files go.
    stream.once('close', () => {
      reading?.destroy();
      removeScratch();
    });
    return { manifest, bytes, stream };
  } catch (error) {
    removeScratch();
    throw error;
  }
}

async function listFiles(store: StorageProvider): Promise<StoredFile[]> {
  if (!store.list) throw new Error('This file store cannot list its files, so it cannot be exported');
  const files: StoredFile[] = [];
  for await (const file of store.list()) files.push(file);
  // The same order every time: two exports of an unchanged store are the same bytes but for the time.
  return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const sum = (files: StoredFile[]) => files.reduce((total, file) => total + file.bytes, 0);
