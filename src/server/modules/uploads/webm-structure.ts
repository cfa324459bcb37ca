/**
 * A WebM file is Matroska, written in EBML (RFC 8794): a tree of elements, each an ID and a size written as
 * variable-length integers, then its data. At the top, the EBML header, then the Segment that holds everything else
 * (Info, Tracks, the Clusters of frames, Cues...). A cut file ends inside an element, so an element no longer fits
 * or the elements no longer add up to the file's length. A recorder that cannot seek back (a browser's
 * MediaRecorder, a live stream) writes the Segment and its Clusters with an "unknown" size (all value bits set
 * to 1): those are walked through their children, and end where an element that cannot be their child begins, or
 * at the end of the file (RFC 8794 6.2). Only element headers are read, never a frame.
 */

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
/** The Segment's own children (Matroska, RFC 9559 5.1): one of these ends an unknown-size Cluster. */
const SEGMENT_CHILDREN = [0x114d9b74, INFO, TRACKS, CLUSTER, 0x1c53bb6b, 0x1043a770, 0x1254c367, 0x1941a469];
/**
 * What a video cannot do without: its Info and Tracks, and a Cluster of frames. A recording with unknown sizes that
 * is cut between two elements cannot be told from one that ended there, but one cut before its first frames can.
 */
const REQUIRED: Array<[number, string]> = [
  [INFO, 'its Info'],
  [TRACKS, 'its Tracks'],
  [CLUSTER, 'its frames (Cluster)'],
];
/** Only these are noted on the way: a hostile file may hold millions of distinct IDs. */
const REQUIRED_IDS = new Set(REQUIRED.map(([id]) => id));

/** For the elements that may have an unknown size: the IDs that end them (a sibling or a parent's sibling). */
const ENDED_BY = new Map<number, ReadonlySet<number>>([
  [SEGMENT, new Set([EBML_HEADER, SEGMENT])],
  [CLUSTER, new Set([EBML_HEADER, SEGMENT, ...SEGMENT_CHILDREN])],
]);

class Fault extends Error {}

/** An EBML variable-length integer at `at`: its length is one more than the leading zero bits of its first byte. */
function vint(bytes: Buffer, at: number, end: number, maxLength: number): { length: number; first: number } {
  if (at >= end) throw new Fault(`an element at byte ${at} is cut short`);
  const first = bytes[at]!;
  const length = Math.clz32(first) - 23;
  if (length > maxLength) throw new Fault(`the element at byte ${at} is not well-formed`);
  if (at + length > end) throw new Fault(`an element at byte ${at} is cut short`);
  return { length, first };
}

/** An element's ID (kept with its length marker, as the specifications write IDs) and size (undefined: unknown). */
function elementHead(
  bytes: Buffer,
  at: number,
  end: number,
): { id: number; size: number | undefined; dataStart: number } {
  const id = vint(bytes, at, end, 4);
  const sizeAt = at + id.length;
  const size = vint(bytes, sizeAt, end, 8);
  // The size without its marker bit; "unknown" when every value bit is 1.
  let value = size.first & (0xff >> size.length);
  let unknown = value === 0xff >> size.length;
  for (let i = 1; i < size.length; i++) {
    value = value * 256 + bytes[sizeAt + i]!;
    unknown &&= bytes[sizeAt + i] === 0xff;
  }
  return { id: bytes.readUIntBE(at, id.length), size: unknown ? undefined : value, dataStart: sizeAt + size.length };
}

/**
 * Walks the elements from `at` to `end`, stopping early where one of `endedBy` begins; returns where it stopped. A
 * top-level Segment's children are walked even when its size is known, as unknown-size Clusters may be inside; no
 * deeper known-size element is, and an unknown-size element is ended by its own kind: nesting stays shallow
 * whatever the file says.
 */
function walk(
  bytes: Buffer,
  at: number,
  end: number,
  endedBy: ReadonlySet<number>,
  seen: Set<number>,
  top = false,
): number {
  while (at < end) {
    const { id, size, dataStart } = elementHead(bytes, at, end);
    if (endedBy.has(id)) return at;
    if (REQUIRED_IDS.has(id)) seen.add(id);
    if (size === undefined) {
      const endsAt = ENDED_BY.get(id);
      if (!endsAt)
        throw new Fault(`the element at byte ${at} has an unknown size, which only a Segment or a Cluster may have`);
      at = walk(bytes, dataStart, end, endsAt, seen);
      continue;
    }
    if (size > end - dataStart)
      throw new Fault(
        `the element at byte ${at} runs past the end of ${end === bytes.length ? 'the file' : 'its parent'}`,
      );
    if (top && id === SEGMENT) walk(bytes, dataStart, dataStart + size, new Set(), seen);
    at = dataStart + size;
  }
  return at;
}

/** The first fault in the structure of a WebM file, or undefined when it holds together. */
export function webmFault(bytes: Buffer): string | undefined {
  try {
    if (elementHead(bytes, 0, bytes.length).id !== EBML_HEADER) return 'it does not begin with an EBML header';
    // Every element at the top must fit, and they must fill the file: the EBML header, then the Segment.
    const seen = new Set<number>();
    walk(bytes, 0, bytes.length, new Set(), seen, true);
    const header = elementHead(bytes, 0, bytes.length);
    const segmentAt = header.dataStart + header.size!;
    if (segmentAt >= bytes.length || elementHead(bytes, segmentAt, bytes.length).id !== SEGMENT)
      return 'its Segment is missing';
    const missing = REQUIRED.find(([id]) => !seen.has(id));
    return missing ? `${missing[1]} is missing` : undefined;
  } catch (error) {
    if (error instanceof Fault) return error.message;
    throw error;
  }
}
