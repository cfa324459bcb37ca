import fs from 'node:fs';

/**
 * Bytes read where they are needed: the structural checks (pdf-structure.ts, zip-structure.ts) read a file's end,
 * its index and the headers it points to, never the whole of it, so a 300 MB master on disk is checked without
 * being loaded. `read` answers fewer bytes than asked past the end.
 */
export interface ByteSource {
  size: number;
  read(at: number, length: number): Buffer;
}

export function bufferSource(bytes: Buffer): ByteSource {
  return { size: bytes.length, read: (at, length) => bytes.subarray(at, at + length) };
}

/** 64 KiB: a ZIP's table of contents is read a few bytes at a time, each page from disk once. */
const PAGE_BYTES = 64 * 1024;

/** A file opened for reading; `close` when done. Reads go through one cached page. */
export function openFileSource(file: string): ByteSource & { close(): void } {
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  let page = { at: -1, bytes: Buffer.alloc(0) };
  const readRaw = (at: number, length: number) => {
    const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - at)));
    let done = 0;
    while (done < bytes.length) {
      const got = fs.readSync(fd, bytes, done, bytes.length - done, at + done);
      if (got === 0) break;
      done += got;
    }
    return bytes.subarray(0, done);
  };
  return {
    size,
    read(at, length) {
      if (at < 0 || at >= size || length <= 0) return Buffer.alloc(0);
      length = Math.min(length, size - at);
      if (length > PAGE_BYTES) return readRaw(at, length);
      if (at < page.at || at + length > page.at + page.bytes.length) page = { at, bytes: readRaw(at, PAGE_BYTES) };
      return page.bytes.subarray(at - page.at, at - page.at + length);
    },
    close: () => fs.closeSync(fd),
  };
}
