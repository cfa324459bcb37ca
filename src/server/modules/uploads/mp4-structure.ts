/**
 * An MP4 file (ISO base media file format, ISO/IEC 14496-12) is a row of boxes, each a 32-bit size and a four-letter
 * type: size 1 means a 64-bit size follows the type, size 0 that the box runs to the end of the file. A cut file
 * ends inside a box, so the boxes no longer add up to the file's length. A file cut exactly between two boxes still
 * adds up; then what is lost is either the index (`moov`, which every playable file has) or the media data its
 * chunk offset tables (`stco`, `co64`) point into. Only box headers and those tables are read.
 */

interface Box {
  type: string;
  /** Where the box's content begins, after its header. */
  start: number;
  end: number;
}

/**
 * Walks the boxes that must fill `start` to `end` (the file, or the box named `within`) exactly, handing each to
 * `visit`; returns the first box that does not fit, or the first fault `visit` finds. Nothing is collected on the
 * way, as a hostile file may hold millions of tiny boxes.
 */
function eachBox(
  bytes: Buffer,
  start: number,
  end: number,
  within: string,
  visit: (box: Box) => string | undefined,
): string | undefined {
  for (let at = start; at < end;) {
    if (end - at < 8) return `a box header at byte ${at} is cut short`;
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (end - at < 16) return `a box header at byte ${at} is cut short`;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header) return `the box at byte ${at} has an impossible size`;
    if (size > end - at) return `the box at byte ${at} runs past the end of ${within}`;
    const fault = visit({ type: bytes.toString('latin1', at + 4, at + 8), start: at + header, end: at + size });
    if (fault) return fault;
    at += size;
  }
  return undefined;
}

/**
 * The boxes from `moov` down to each track's chunk offset table: `stco` (32-bit offsets) or `co64` (64-bit). Every
 * box on the way is a plain container, made of boxes only.
 */
const PATH_TO_CHUNK_OFFSETS = [['trak'], ['mdia'], ['minf'], ['stbl'], ['stco', 'co64']];

/** A chunk offset table that is cut short, or whose first offset past the end of the file says media data is missing. */
function chunkTableFault(bytes: Buffer, table: Box): string | undefined {
  // A full box: version and flags (4 bytes), the number of entries (4), then the offsets.
  const width = table.type === 'co64' ? 8 : 4;
  if (table.end - table.start < 8) return 'a chunk offset table is cut short';
  const entries = bytes.readUInt32BE(table.start + 4);
  if (8 + entries * width > table.end - table.start) return 'a chunk offset table is cut short';
  for (let at = table.start + 8; at < table.start + 8 + entries * width; at += width) {
    const offset = width === 8 ? Number(bytes.readBigUInt64BE(at)) : bytes.readUInt32BE(at);
    if (offset >= bytes.length) return 'it points past the end of the file, where media data is missing';
  }
  return undefined;
}

/** Goes down from `box` (at `depth` on PATH_TO_CHUNK_OFFSETS) to the chunk offset tables, checking each box on the way fits. */
function chunkOffsetFault(bytes: Buffer, box: Box, depth = 0): string | undefined {
  return eachBox(bytes, box.start, box.end, `its "${box.type}" box`, (child) => {
    if (!PATH_TO_CHUNK_OFFSETS[depth]!.includes(child.type)) return undefined;
    return depth === PATH_TO_CHUNK_OFFSETS.length - 1
      ? chunkTableFault(bytes, child)
      : chunkOffsetFault(bytes, child, depth + 1);
  });
}

/** The first fault in the structure of an MP4 file, or undefined when it holds together. */
export function mp4Fault(bytes: Buffer): string | undefined {
  let first: string | undefined;
  let moov: Box | undefined;
  const fault = eachBox(bytes, 0, bytes.length, 'the file', (box) => {
    first ??= box.type;
    if (box.type === 'moov') moov ??= box;
    return undefined;
  });
  if (fault) return fault;
  if (first !== 'ftyp') return 'it does not begin with a file type box (ftyp)';
  if (!moov) return 'its index (moov) is missing';
  const indexFault = chunkOffsetFault(bytes, moov);
  return indexFault && `its index (moov) is damaged: ${indexFault}`;
}
