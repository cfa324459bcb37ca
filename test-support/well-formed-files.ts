import { deflateRawSync } from 'node:zlib';

// Small, well-formed files of the types the store keeps exactly as uploaded (PDF and ZIP originals, MP4 and WebM
// videos), written byte by byte so tests need no sample files on disk and no encoder. They are structurally
// complete (what uploads/file-integrity.ts checks); their content is not meant to be shown or played.

/** Bytes that do not repeat for a while, so a cut lands inside real-looking data. */
function noise(length: number, seed = 1): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 7919 + seed * 104729) % 251));
}

const u16le = (value: number) => Buffer.from([value & 0xff, value >>> 8]);
function u32le(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}
function u64le(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
}
function u32be(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

/** A one-page PDF with a correct cross-reference table; it ends with "%%EOF" and a line feed. */
export function pdfSample(): Buffer {
  const text = 'BT /F1 18 Tf 30 90 Td (Quiet Harbour, printed on matte paper) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  // The second line's bytes above 127 tell tools the file is binary (PDF 32000-1, 7.5.2).
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, n or f, space and line feed.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** CRC-32 as ZIP uses it (Node 20 has no zlib.crc32). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ZipOptions {
  /** The archive's comment, after its end record. */
  comment?: string;
  /** Written as ZIP64 (64-bit sizes and offsets, as some tools always do), though nothing here needs it. */
  zip64?: boolean;
}

/** A ZIP archive of two files, one deflated and one stored, with correct checksums. */
export function zipSample({ comment = '', zip64 = false }: ZipOptions = {}): Buffer {
  const files = [
    {
      name: 'quiet-harbour/notes.txt',
      data: Buffer.from('Quiet Harbour: print at 300 dpi on matte paper.\n'.repeat(12)),
      deflate: true,
    },
    { name: 'quiet-harbour/swatch.bin', data: noise(700), deflate: false },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const body = file.deflate ? deflateRawSync(file.data) : file.data;
    const name = Buffer.from(file.name);
    const common = [
      u16le(zip64 ? 45 : 20), // version needed to extract
      u16le(0), // flags
      u16le(file.deflate ? 8 : 0), // method
      u16le(0), // time
      u16le(0x21), // date: 1980-01-01
      u32le(crc32(file.data)),
      u32le(zip64 ? 0xffffffff : body.length),
      u32le(zip64 ? 0xffffffff : file.data.length),
      u16le(name.length),
    ];
    const localExtra = zip64
      ? Buffer.concat([u16le(1), u16le(16), u64le(file.data.length), u64le(body.length)])
      : Buffer.alloc(0);
    const centralExtra = zip64
      ? Buffer.concat([u16le(1), u16le(24), u64le(file.data.length), u64le(body.length), u64le(offset)])
      : Buffer.alloc(0);
    const local = Buffer.concat([u32le(0x04034b50), ...common, u16le(localExtra.length), name, localExtra, body]);
    centrals.push(
      Buffer.concat([
        u32le(0x02014b50),
        u16le(zip64 ? 45 : 20), // version made by
        ...common,
        u16le(centralExtra.length),
        u16le(0), // comment length
        u16le(0), // disk number start
        u16le(0), // internal attributes
        u32le(0), // external attributes
        u32le(zip64 ? 0xffffffff : offset),
        name,
        centralExtra,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const tail: Buffer[] = [];
  if (zip64) {
    const record = offset + directory.length;
    tail.push(
      Buffer.concat([
        u32le(0x06064b50),
        u64le(44),
        u16le(45),
        u16le(45),
        u32le(0),
        u32le(0),
        u64le(files.length),
        u64le(files.length),
        u64le(directory.length),
        u64le(offset),
      ]),
      Buffer.concat([u32le(0x07064b50), u32le(0), u64le(record), u32le(1)]),
    );
  }
  const count = zip64 ? 0xffff : files.length;
  tail.push(
    Buffer.concat([
      u32le(0x06054b50),
      u16le(0),
      u16le(0),
      u16le(count),
      u16le(count),
      u32le(zip64 ? 0xffffffff : directory.length),
      u32le(zip64 ? 0xffffffff : offset),
      u16le(Buffer.byteLength(comment)),
      Buffer.from(comment),
    ]),
  );
  return Buffer.concat([...locals, directory, ...tail]);
}

/** An MP4 box: 32-bit size, four-letter type, content. */
export function mp4Box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([u32be(8 + body.length), Buffer.from(type, 'latin1'), body]);
}
/** A "full box": version and flags (here all zero) before its content. */
const fullBox = (type: string, ...content: Buffer[]) => mp4Box(type, Buffer.alloc(4), ...content);

export interface Mp4Options {
  /** The media data before the index, as a camera writes it; else after, as a file prepared for the web ("fast start"). */
  mdatFirst?: boolean;
}

/** An MP4 of one video track whose one chunk is in the media data box: ftyp, moov and mdat. */
export function mp4Sample({ mdatFirst = false }: Mp4Options = {}): Buffer {
  const ftyp = mp4Box('ftyp', Buffer.from('isom'), u32be(512), Buffer.from('isomiso2avc1mp41'));
  const mdat = mp4Box('mdat', noise(900, 2));
  const moov = (chunkOffset: number) =>
    mp4Box(
      'moov',
      fullBox('mvhd', Buffer.alloc(96)),
      mp4Box(
        'trak',
        fullBox('tkhd', Buffer.alloc(80)),
        mp4Box(
          'mdia',
          fullBox('mdhd', Buffer.alloc(20)),
          fullBox('hdlr', u32be(0), Buffer.from('vide'), Buffer.alloc(12), Buffer.from('Video\0')),
          mp4Box(
            'minf',
            fullBox('vmhd', Buffer.alloc(8)),
            mp4Box(
              'stbl',
              fullBox('stsd', u32be(0)),
              fullBox('stts', u32be(0)),
              fullBox('stsc', u32be(0)),
              fullBox('stsz', u32be(0), u32be(0)),
              fullBox('stco', u32be(1), u32be(chunkOffset)),
            ),
          ),
        ),
      ),
    );
  // The chunk offset is where the media data begins, past mdat's 8-byte header.
  if (mdatFirst) return Buffer.concat([ftyp, mdat, moov(ftyp.length + 8)]);
  return Buffer.concat([ftyp, moov(ftyp.length + moov(0).length + 8), mdat]);
}

/** An EBML size in as few bytes as it takes; "unknown" is every value bit set to 1 (here in 8 bytes). */
function ebmlSize(size: number | 'unknown'): Buffer {
  if (size === 'unknown') return Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  let length = 1;
  while (size >= 2 ** (7 * length) - 1) length++;
  const bytes = Buffer.alloc(length);
  let rest = size;
  for (let i = length - 1; i >= 0; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0]! |= 0x80 >> (length - 1);
  return bytes;
}

/** An EBML element: ID (as written, with its length marker), size, content; `'unknown'` for an unknown size. */
export function ebmlElement(id: number, content: Buffer | Buffer[] | string | number, size?: 'unknown'): Buffer {
  const hex = id.toString(16);
  const idBytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  // A number is an unsigned integer, here always in 4 bytes (leading zeros are allowed).
  const body =
    typeof content === 'string'
      ? Buffer.from(content)
      : typeof content === 'number'
        ? u32be(content)
        : Buffer.concat([content].flat());
  return Buffer.concat([idBytes, ebmlSize(size ?? body.length), body]);
}

export interface WebmOptions {
  /** The Segment and Clusters with an unknown size, as a browser's MediaRecorder writes them. */
  unknownSizes?: boolean;
}

/** A WebM of one VP9 track in two Clusters of one frame each. */
export function webmSample({ unknownSizes = false }: WebmOptions = {}): Buffer {
  const size = unknownSizes ? 'unknown' : undefined;
  const header = ebmlElement(0x1a45dfa3, [
    ebmlElement(0x4286, 1), // EBMLVersion
    ebmlElement(0x42f7, 1), // EBMLReadVersion
    ebmlElement(0x42f2, 4), // EBMLMaxIDLength
    ebmlElement(0x42f3, 8), // EBMLMaxSizeLength
    ebmlElement(0x4282, 'webm'), // DocType
    ebmlElement(0x4287, 4), // DocTypeVersion
    ebmlElement(0x4285, 2), // DocTypeReadVersion
  ]);
  const info = ebmlElement(0x1549a966, [
    ebmlElement(0x2ad7b1, 1_000_000),
    ebmlElement(0x4d80, 'wall-art-store tests'),
    ebmlElement(0x5741, 'wall-art-store tests'),
  ]);
  const video = ebmlElement(0xe0, [ebmlElement(0xb0, 48), ebmlElement(0xba, 40)]); // PixelWidth, PixelHeight
  const tracks = ebmlElement(
    0x1654ae6b,
    ebmlElement(0xae, [
      ebmlElement(0xd7, 1),
      ebmlElement(0x73c5, 1),
      ebmlElement(0x83, 1),
      ebmlElement(0x86, 'V_VP9'),
      video,
    ]),
  );
  // A SimpleBlock: track number 1 (as a 1-byte EBML integer), timestamp 0 relative to its Cluster, keyframe flag, frame.
  const cluster = (timestamp: number) =>
    ebmlElement(
      0x1f43b675,
      [
        ebmlElement(0xe7, timestamp),
        ebmlElement(0xa3, Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80]), noise(400, timestamp)])),
      ],
      size,
    );
  return Buffer.concat([header, ebmlElement(0x18538067, [info, tracks, cluster(0), cluster(33)], size)]);
}
