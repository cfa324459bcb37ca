/**
 * What a PDF reader looks at first, and what a PDF cut short loses first: the end of the file. A PDF is read from
 * its end, where `startxref` gives the byte offset of the cross-reference section (the index of every object) and
 * `%%EOF` closes the file; readers look for `%%EOF` in the last 1,024 bytes (PDF 32000-1, 7.5.5 and Annex H). A file
 * cut anywhere loses that ending, and one whose `startxref` does not lead to a cross-reference section is damaged.
 * No object is decompressed: the check reads the first bytes, the last ones and those at the offset.
 */

import type { ByteSource } from './byte-source';

const HEADER = Buffer.from('%PDF-');
const END_MARKER = Buffer.from('%%EOF');
const TAIL_BYTES = 1024;
/** PDF's white-space characters (7.2.2): NUL, tab, line feed, form feed, carriage return, space. */
const WHITE_SPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** Where the first byte that is not white space is, from `at` up to `end` (`end` when there is none). */
function skipWhiteSpace(source: ByteSource, at: number, end: number): number {
  while (at < end) {
    const chunk = source.read(at, Math.min(TAIL_BYTES, end - at));
    const first = chunk.findIndex((byte) => !WHITE_SPACE.has(byte));
    if (first >= 0) return at + first;
    if (chunk.length === 0) return end;
    at += chunk.length;
  }
  return end;
}

/** The first fault in the structure of a PDF, or undefined when it holds together. */
export function pdfFault(source: ByteSource): string | undefined {
  const size = source.size;
  if (!source.read(0, HEADER.length).equals(HEADER)) return 'it does not begin with "%PDF-"';
  const tailStart = Math.max(0, size - TAIL_BYTES);
  const tail = source.read(tailStart, size - tailStart);
  const endInTail = tail.lastIndexOf(END_MARKER);
  if (endInTail < 0) return 'its end marker (%%EOF) is missing';
  const end = tailStart + endInTail;
  // Only white space may follow: anything else is part of a later revision (an incremental update) that was cut.
  if (skipWhiteSpace(source, end + END_MARKER.length, size) < size) return 'something follows its end marker (%%EOF)';

  // `startxref`, the offset on the next line, then the end marker.
  const beforeStart = Math.max(0, end - TAIL_BYTES);
  const beforeEnd = source.read(beforeStart, end - beforeStart).toString('latin1');
  const startxref = /startxref[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]*$/.exec(beforeEnd);
  if (!startxref) return 'it does not say where its cross-reference table is (startxref)';
  const offset = Number(startxref[1]);
  if (offset >= end) return 'its cross-reference table would be past the end of the file';

  // A cross-reference table begins with `xref`; a cross-reference stream (PDF 1.5) is an object, `12 0 obj`.
  const at = skipWhiteSpace(source, offset, end);
  const there = source.read(at, Math.min(32, end - at)).toString('latin1');
  if (!/^(xref|\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj)/.test(there))
    return 'its cross-reference table is not where the file says';
  return undefined;
}
