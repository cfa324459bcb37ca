/**
 * A ZIP archive is read from its end (APPNOTE.TXT 4.3): the end of central directory record, the last thing in the
 * file, says where the central directory (the table of contents) is, and each of its entries says where that
 * file's local header and data are. A cut archive has lost its end record; a damaged one has a table of contents
 * or headers that are not where they are said to be. Only these records are read: nothing is decompressed, and
 * the files' checksums (which would need decompressing) are left to whoever opens the archive.
 */

import type { ByteSource } from './byte-source';

const END_RECORD = 0x06054b50;
const END_RECORD_BYTES = 22;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_END_RECORD = 0x06064b50;
const ZIP64_END_RECORD_BYTES = 56;
const CENTRAL_HEADER = 0x02014b50;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_HEADER = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
const DIGITAL_SIGNATURE = 0x05054b50;
/** The extra field that holds an entry's 64-bit sizes and offset when its 32-bit ones say 0xFFFFFFFF. */
const ZIP64_EXTRA = 0x0001;
const MAX_32 = 0xffffffff;
const MAX_COMMENT = 0xffff;

// Little-endian numbers read where they are; past the end they throw, as a Buffer's own readers do.
const u16 = (source: ByteSource, at: number) => source.read(at, 2).readUInt16LE(0);
const u32 = (source: ByteSource, at: number) => source.read(at, 4).readUInt32LE(0);
const u64 = (source: ByteSource, at: number) => Number(source.read(at, 8).readBigUInt64LE(0));
const signatureAt = (source: ByteSource, at: number, signature: number) =>
  at >= 0 && at + 4 <= source.size && u32(source, at) === signature;

/** Where the end record is: the last one whose comment ends exactly at the end of the file, or -1. */
function findEndRecord(source: ByteSource): number {
  if (source.size < END_RECORD_BYTES) return -1;
  const signature = Buffer.alloc(4);
  signature.writeUInt32LE(END_RECORD);
  // The record and its comment are all in the file's last 22 + 65,535 bytes.
  const lowest = Math.max(0, source.size - END_RECORD_BYTES - MAX_COMMENT);
  const tail = source.read(lowest, source.size - lowest);
  for (
    let at = tail.lastIndexOf(signature, tail.length - END_RECORD_BYTES);
    at >= 0;
    at = tail.lastIndexOf(signature, at - 1)
  ) {
    if (tail.readUInt16LE(at + 20) === tail.length - at - END_RECORD_BYTES) return lowest + at;
    if (at === 0) break;
  }
  return -1;
}

interface Directory {
  entries: number;
  start: number;
  /** Where the directory must end: at the ZIP64 end record when there is one, else at the end record. */
  end: number;
  size: number;
}

/** The central directory the end record describes, read from the ZIP64 end record when its own fields overflowed. */
function directoryOf(bytes: ByteSource, endRecord: number): Directory | string {
  if (u16(bytes, endRecord + 4) !== 0 || u16(bytes, endRecord + 6) !== 0) return 'it is one part of a split archive';
  const entries = u16(bytes, endRecord + 10);
  const size = u32(bytes, endRecord + 12);
  const start = u32(bytes, endRecord + 16);
  if (entries !== 0xffff && size !== MAX_32 && start !== MAX_32) return { entries, start, size, end: endRecord };

  const locator = endRecord - ZIP64_LOCATOR_BYTES;
  if (!signatureAt(bytes, locator, ZIP64_LOCATOR)) return 'its ZIP64 end record is missing';
  const record = u64(bytes, locator + 8);
  if (record + ZIP64_END_RECORD_BYTES > locator || !signatureAt(bytes, record, ZIP64_END_RECORD))
    return 'its ZIP64 end record is not where the file says';
  return {
    entries: u64(bytes, record + 32),
    size: u64(bytes, record + 40),
    start: u64(bytes, record + 48),
    end: record,
  };
}

/** An entry's compressed size and local header offset, taking the 64-bit values from its ZIP64 extra field. */
function entryPlace(
  bytes: ByteSource,
  header: number,
  extraStart: number,
  extraEnd: number,
): { compressed: number; local: number } {
  let compressed = u32(bytes, header + 20);
  const uncompressed = u32(bytes, header + 24);
  let local = u32(bytes, header + 42);
  for (let at = extraStart; at + 4 <= extraEnd; at += 4 + u16(bytes, at + 2)) {
    if (u16(bytes, at) !== ZIP64_EXTRA) continue;
    // Only the fields that overflowed are there, in this order (APPNOTE 4.5.3).
    let field = at + 4;
    const fieldsEnd = Math.min(extraEnd, field + u16(bytes, at + 2));
    const read = () => {
      const value = field + 8 <= fieldsEnd ? u64(bytes, field) : Infinity;
      field += 8;
      return value;
    };
    if (uncompressed === MAX_32) read();
    if (compressed === MAX_32) compressed = read();
    if (local === MAX_32) local = read();
    break;
  }
  return { compressed, local };
}

/** The first fault in the structure of a ZIP archive, or undefined when it holds together. */
export function zipFault(bytes: ByteSource): string | undefined {
  const endRecord = findEndRecord(bytes);
  if (endRecord < 0) return 'its end record (which says where its table of contents is) is missing';
  const directory = directoryOf(bytes, endRecord);
  if (typeof directory === 'string') return directory;
  if (directory.start + directory.size !== directory.end) return 'its table of contents is not where the file says';

  let at = directory.start;
  for (let entry = 1; entry <= directory.entries; entry++) {
    if (at + CENTRAL_HEADER_BYTES > directory.end || !signatureAt(bytes, at, CENTRAL_HEADER))
      return `entry ${entry} of its table of contents is damaged`;
    const nameEnd = at + CENTRAL_HEADER_BYTES + u16(bytes, at + 28);
    const extraEnd = nameEnd + u16(bytes, at + 30);
    const next = extraEnd + u16(bytes, at + 32);
    if (next > directory.end) return `entry ${entry} of its table of contents runs past it`;

    // The file's local header must be there, and its data must end before the table of contents begins.
    const { compressed, local } = entryPlace(bytes, at, nameEnd, extraEnd);
    if (local + LOCAL_HEADER_BYTES > directory.start || !signatureAt(bytes, local, LOCAL_HEADER))
      return `the header of entry ${entry} is not where the table of contents says`;
    const dataStart = local + LOCAL_HEADER_BYTES + u16(bytes, local + 26) + u16(bytes, local + 28);
    if (dataStart + compressed > directory.start)
      return `the data of entry ${entry} runs past where the table of contents begins`;
    at = next;
  }
  // The table of contents may end with a digital signature record (APPNOTE 4.3.13); nothing else may be left over.
  const signed =
    at + 6 <= directory.end &&
    signatureAt(bytes, at, DIGITAL_SIGNATURE) &&
    at + 6 + u16(bytes, at + 4) === directory.end;
  if (at !== directory.end && !signed) {
    return 'its table of contents does not hold the entries the file says';
  }
  return undefined;
}
