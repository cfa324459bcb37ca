import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ebmlElement, mp4Box, mp4Sample, pdfSample, webmSample, zipSample } from '#test-support/well-formed-files.ts';
import { checkFileIsWhole, checkFileOnDiskIsWhole, FileDamagedError } from './file-integrity';

// The structural checks of the files kept exactly as uploaded. Every well-formed sample (and the
// variants real tools write) must pass; every cut of it, and the damage named in each case, must be refused.

/** The fault found, or undefined when the file passes. */
function faultOf(mime: string, bytes: Buffer): string | undefined {
  try {
    checkFileIsWhole(mime, bytes);
    return undefined;
  } catch (error) {
    if (error instanceof FileDamagedError) return error.message;
    throw error;
  }
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

const MEDIA_RECORDER_WEBM = webmSample({ unknownSizes: true });
const WELL_FORMED: Array<[string, string, Buffer]> = [
  ['a PDF', 'application/pdf', pdfSample()],
  ['a ZIP', 'application/zip', zipSample()],
  ['a ZIP with a comment', 'application/zip', zipSample({ comment: 'Quiet Harbour, all sizes' })],
  ['a ZIP64 archive', 'application/zip', zipSample({ zip64: true })],
  ['an MP4 prepared for the web (index first)', 'video/mp4', mp4Sample()],
  ['an MP4 as a camera writes it (media data first)', 'video/mp4', mp4Sample({ mdatFirst: true })],
  ['a WebM', 'video/webm', webmSample()],
  ['a WebM as MediaRecorder writes it (unknown sizes)', 'video/webm', MEDIA_RECORDER_WEBM],
];

describe('checkFileIsWhole', () => {
  it.each(WELL_FORMED)('accepts %s', (_, mime, bytes) => {
    expect(faultOf(mime, bytes)).toBeUndefined();
  });

  // Every cut, not a sample of them: the files are small. A PDF that lost only the line end after %%EOF is whole; a
  // recording with unknown sizes cut between two elements is a shorter recording (see the WebM cases below).
  it.each(WELL_FORMED.filter(([, , bytes]) => bytes !== MEDIA_RECORDER_WEBM))(
    'refuses %s cut at any byte',
    (_, mime, bytes) => {
      const wholeAbove = mime === 'application/pdf' ? bytes.length - 1 : bytes.length;
      for (let length = 0; length < wholeAbove; length++) {
        expect(faultOf(mime, bytes.subarray(0, length)), `cut to ${length} of ${bytes.length} bytes`).toMatch(
          /^The file is damaged or cut short: /,
        );
      }
    },
  );

  it.each(WELL_FORMED)('refuses %s with bytes added after its end', (_, mime, bytes) => {
    expect(
      faultOf(mime, Buffer.concat([bytes, Buffer.from('trailing junk that is not part of the file')])),
    ).toBeDefined();
  });

  it('fails loudly for a type it has no check for, rather than letting it through', () => {
    expect(() => checkFileIsWhole('application/x-unknown', Buffer.alloc(10))).toThrow(/No structural check/);
  });
});

describe('PDF', () => {
  const pdf = pdfSample().toString('latin1');
  const check = (text: string) => faultOf('application/pdf', latin1(text));

  it('accepts white space after %%EOF, CRLF line ends and a cross-reference stream', () => {
    expect(check(`${pdf}\r\n\0\0  \n`)).toBeUndefined();
    expect(check(pdf.replace(/startxref\n(\d+)\n%%EOF\n$/, 'startxref\r\n$1\r\n%%EOF\r\n'))).toBeUndefined();
    // PDF 1.5: startxref names an object (the cross-reference stream) rather than an `xref` table.
    const objectAt = pdf.indexOf('4 0 obj');
    expect(check(pdf.replace(/startxref\n\d+\n/, `startxref\n${objectAt}\n`))).toBeUndefined();
  });

  it('refuses a file without %PDF-, startxref or %%EOF', () => {
    expect(check(pdf.replace('%PDF-', '%PXF-'))).toContain('%PDF-');
    expect(check(pdf.replace('startxref', 'startref'))).toContain('startxref');
    expect(check(pdf.replace('%%EOF', '%%EOX'))).toContain('%%EOF');
  });

  it('refuses %%EOF far from the end, and a cut later revision after it', () => {
    expect(check(`${pdf}${' '.repeat(600)}x${' '.repeat(600)}`)).toBeDefined();
    expect(check(`${pdf}6 0 obj\n<< /Type /Annot`)).toContain('follows its end marker');
  });

  it('refuses a startxref that points past the end or anywhere but a cross-reference section', () => {
    expect(check(pdf.replace(/startxref\n\d+\n/, 'startxref\n99999\n'))).toContain('past the end');
    expect(check(pdf.replace(/startxref\n\d+\n/, 'startxref\n3\n'))).toContain('not where the file says');
  });
});

describe('ZIP', () => {
  const zip = zipSample();
  const check = (bytes: Buffer) => faultOf('application/zip', bytes);
  const changed = (at: number, value: number) => {
    const copy = Buffer.from(zip);
    copy[at] = value;
    return copy;
  };
  const endRecord = zip.length - 22;

  it('accepts an empty archive (an end record alone)', () => {
    const empty = Buffer.alloc(22);
    empty.writeUInt32LE(0x06054b50);
    expect(check(empty)).toBeUndefined();
  });

  it('refuses a table of contents that is not where the end record says, or holds fewer entries', () => {
    expect(check(changed(endRecord + 16, zip[endRecord + 16]! + 1))).toContain('table of contents');
    expect(check(changed(endRecord + 10, 3))).toContain('entry 3');
    expect(check(changed(endRecord + 10, 1))).toContain('does not hold the entries');
  });

  it('refuses a local header that is not where the table of contents says', () => {
    expect(check(changed(0, 0x51))).toContain('header of entry 1');
  });

  it('refuses one part of a split archive', () => {
    expect(check(changed(endRecord + 4, 1))).toContain('split archive');
  });

  it('refuses a comment length that does not match the end of the file', () => {
    expect(check(changed(endRecord + 20, 5))).toContain('end record');
  });
});

describe('MP4', () => {
  const ftyp = mp4Box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isom'));
  const moov = mp4Box('moov', mp4Box('mvhd', Buffer.alloc(100)));
  const check = (...boxes: Buffer[]) => faultOf('video/mp4', Buffer.concat(boxes));

  it('accepts a 64-bit box size, and a last box whose size 0 runs to the end of the file', () => {
    const large = Buffer.concat([
      Buffer.from([0, 0, 0, 1]),
      Buffer.from('mdat'),
      Buffer.from([0, 0, 0, 0, 0, 0, 0, 16 + 50]),
      Buffer.alloc(50),
    ]);
    expect(check(ftyp, moov, large)).toBeUndefined();
    const toTheEnd = Buffer.concat([Buffer.alloc(4), Buffer.from('mdat'), Buffer.alloc(500)]);
    expect(check(ftyp, moov, toTheEnd)).toBeUndefined();
  });

  it('refuses a file without its index (moov), or not beginning with ftyp', () => {
    expect(check(ftyp, mp4Box('mdat', Buffer.alloc(64)))).toContain('moov');
    expect(check(moov, ftyp)).toContain('ftyp');
  });

  it('refuses a box whose size is impossible or runs past the end', () => {
    expect(check(ftyp, moov, Buffer.from([0, 0, 0, 4]), Buffer.from('free'))).toContain('impossible size');
    expect(check(ftyp, moov, Buffer.from([0, 0, 1, 0]), Buffer.from('mdat'), Buffer.alloc(10))).toContain(
      'runs past the end of the file',
    );
  });

  it('refuses a web-ready file cut exactly after its index: the media data it points to is missing', () => {
    const sample = mp4Sample();
    const mdatAt = sample.indexOf('mdat') - 4;
    expect(faultOf('video/mp4', sample.subarray(0, mdatAt))).toContain(
      'points past the end of the file, where media data is missing',
    );
  });

  it('refuses an index whose boxes do not fit inside it', () => {
    const broken = mp4Box('moov', mp4Box('trak', Buffer.from([0, 0, 0, 99]), Buffer.from('mdia')));
    expect(check(ftyp, broken)).toContain('its "trak" box');
  });
});

describe('WebM', () => {
  const header = webmSample().subarray(0, webmSample().indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])));
  const check = (...elements: Buffer[]) => faultOf('video/webm', Buffer.concat(elements));
  const block = ebmlElement(0xa3, Buffer.alloc(100));
  const info = ebmlElement(0x1549a966, ebmlElement(0x2ad7b1, 1_000_000));
  const tracks = ebmlElement(0x1654ae6b, ebmlElement(0xae, ebmlElement(0xd7, 1)));
  const cluster = ebmlElement(0x1f43b675, [ebmlElement(0xe7, 0), block], 'unknown');

  it('refuses a recording with unknown sizes cut inside its last frame, or before its first', () => {
    // The last SimpleBlock's own header: track 1, timestamp 0, keyframe (test-support/well-formed-files.ts).
    const lastFrameAt = MEDIA_RECORDER_WEBM.lastIndexOf(Buffer.from([0x81, 0x00, 0x00, 0x80]));
    for (let length = lastFrameAt; length < MEDIA_RECORDER_WEBM.length; length++) {
      expect(faultOf('video/webm', MEDIA_RECORDER_WEBM.subarray(0, length)), `cut to ${length}`).toBeDefined();
    }
    const firstClusterAt = MEDIA_RECORDER_WEBM.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    for (let length = 0; length <= firstClusterAt; length++) {
      expect(faultOf('video/webm', MEDIA_RECORDER_WEBM.subarray(0, length)), `cut to ${length}`).toBeDefined();
    }
  });

  it('refuses an EBML header without a Segment, or a file that does not begin with one', () => {
    expect(check(header)).toContain('Segment');
    expect(check(ebmlElement(0x18538067, block), header)).toContain('EBML header');
  });

  it('refuses an unknown-size Cluster cut inside a frame', () => {
    expect(check(header, ebmlElement(0x18538067, [info, tracks, cluster], 'unknown'))).toBeUndefined();
    expect(check(header, ebmlElement(0x18538067, [info, tracks, cluster], 'unknown').subarray(0, -1))).toContain(
      'runs past the end',
    );
  });

  it('refuses a Segment without its Info, Tracks or frames', () => {
    expect(check(header, ebmlElement(0x18538067, [tracks, cluster]))).toContain('Info');
    expect(check(header, ebmlElement(0x18538067, [info, cluster]))).toContain('Tracks');
    expect(check(header, ebmlElement(0x18538067, [info, tracks]))).toContain('Cluster');
  });

  it('refuses an unknown size on an element other than a Segment or a Cluster', () => {
    expect(
      check(header, ebmlElement(0x18538067, ebmlElement(0x1549a966, ebmlElement(0x2ad7b1, 1), 'unknown'))),
    ).toContain('unknown size');
  });

  it('refuses an element ID that is not a variable-length integer', () => {
    expect(check(header, ebmlElement(0x18538067, [Buffer.from([0x00, 0x81, 0x00])]))).toContain('not well-formed');
  });
});

describe('checkFileOnDiskIsWhole', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-integrity-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The fault found in the file written to disk, or undefined when it passes. */
  function faultOnDisk(mime: string, bytes: Buffer): string | undefined {
    const file = path.join(dir, 'file');
    fs.writeFileSync(file, bytes);
    try {
      checkFileOnDiskIsWhole(mime, file);
      return undefined;
    } catch (error) {
      if (error instanceof FileDamagedError) return error.message;
      throw error;
    }
  }

  // The private PDF and ZIP files are checked on disk: the same answer as from memory, for every cut.
  it.each(WELL_FORMED.filter(([, mime]) => mime === 'application/pdf' || mime === 'application/zip'))(
    'gives the same answer as the check in memory for %s, whole and cut at any byte',
    (_, mime, bytes) => {
      for (let length = 0; length <= bytes.length; length++) {
        const cut = bytes.subarray(0, length);
        expect(faultOnDisk(mime, cut), `cut to ${length} of ${bytes.length} bytes`).toBe(faultOf(mime, cut));
      }
    },
  );

  it('reads a ZIP whose table of contents lies beyond its first 64 KiB page, after 200 KB of stored data', () => {
    const archive = zipSample();
    // The samples' data is small: put 200 KB of padding before the archive (a self-extractor's stub does the same)
    // and the offsets no longer match, so it must be refused on disk as it is in memory.
    const padded = Buffer.concat([Buffer.alloc(200_000), archive]);
    expect(faultOnDisk('application/zip', padded)).toBe(faultOf('application/zip', padded));
    expect(faultOnDisk('application/zip', archive)).toBeUndefined();
  });
});
