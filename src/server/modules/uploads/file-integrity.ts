import { bufferSource, type ByteSource, openFileSource } from './byte-source';
import { mp4Fault } from './mp4-structure';
import { pdfFault } from './pdf-structure';
import { webmFault } from './webm-structure';
import { zipFault } from './zip-structure';

/**
 * The structural check of each accepted type that is kept exactly as uploaded and never decoded here: videos, and
 * the private PDF and ZIP files buyers download. The type itself was decided from the first bytes only
 * (file-kinds.ts), which a file cut short or damaged further on still has, and such a file must be refused, not
 * stored. Each check reads the records that say where the rest of the file is, never the content, so a 300 MB file
 * costs milliseconds. PDF and ZIP (private files, streamed to disk) are read where they are; videos (media, held in
 * memory) are read from their buffer.
 */
const FAULT_OF: Record<string, (source: ByteSource) => string | undefined> = {
  'application/pdf': pdfFault,
  'application/zip': zipFault,
  'video/mp4': (source) => mp4Fault(source.read(0, source.size)),
  'video/webm': (source) => webmFault(source.read(0, source.size)),
};

export class FileDamagedError extends Error {}

function check(mime: string, source: ByteSource): void {
  const faultOf = FAULT_OF[mime];
  // A type accepted without a check here would be stored unchecked: fail loudly, so its check gets written.
  if (!faultOf) throw new Error(`No structural check for ${mime}: add one to file-integrity.ts.`);
  const fault = faultOf(source);
  if (fault) throw new FileDamagedError(`The file is damaged or cut short: ${fault}.`);
}

/** Refuses a file whose structure does not hold together, saying what is wrong. */
export function checkFileIsWhole(mime: string, bytes: Buffer): void {
  check(mime, bufferSource(bytes));
}

/** The same check of a file on disk, reading only the records it needs. */
export function checkFileOnDiskIsWhole(mime: string, file: string): void {
  const source = openFileSource(file);
  try {
    check(mime, source);
  } finally {
    source.close();
  }
}
