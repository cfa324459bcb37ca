import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { StorageProvider } from '../../providers/storage/storage-provider';

export interface ZipEntry {
  /** The name inside the ZIP. */
  name: string;
  /** The file's key in the private store, and its exact size (a stored entry's size is known before its bytes). */
  key: string;
  size: number;
}

/** A short text written into the ZIP (a frame guide), in its place among the files. */
export interface ZipText {
  name: string;
  text: string;
}

export interface PackZip {
  stream: Readable;
  /**
   * The whole ZIP's length, known before a byte of it is read as every entry is stored (not compressed) with its
   * size; -1 if it could not be.
   */
  length: Promise<number>;
}

/**
 * A ZIP of stored files, written while it is read: each file is opened only when its turn comes (one read from
 * the store at a time, local disk or S3) and copied in unchanged (STORE: JPEGs do not shrink), the short texts (frame
 * guides) among them. Nothing is held beyond the stream buffers, whatever the size of the pack. A missing or short file
 * ends the stream with an error, so the download is cut rather than a broken ZIP delivered as whole.
 */
export function streamZip(store: StorageProvider, entries: ReadonlyArray<ZipEntry | ZipText>, mtime: Date): PackZip {
  const zip = new ZipFile();
  let reading: Readable | undefined;
  for (const entry of entries) {
    if ('text' in entry) {
      zip.addBuffer(Buffer.from(entry.text, 'utf8'), entry.name, { compress: false, mtime });
      continue;
    }
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime }, (done) => {
      store.getStream(entry.key).then(
        (stream) => {
          if (!stream) return done(new Error(`${entry.key} is missing from the private store`), undefined as never);
          reading = stream;
          done(null, stream);
        },
        (error: Error) => done(error, undefined as never),
      );
    });
  }
  // @types/yazl leaves out the callback's argument: the total size, or -1 when it cannot be known in advance.
  const end = zip.end.bind(zip) as (options: undefined, sized: (total: number) => void) => void;
  const length = new Promise<number>((resolve) => end(undefined, resolve));
  const stream = zip.outputStream as unknown as Readable;
  zip.on('error', (error: Error) => stream.destroy(error));
  // A buyer who stops the download: the store's stream in progress is closed too, not left paused on its socket.
  stream.once('close', () => reading?.destroy());
  return { stream, length };
}
