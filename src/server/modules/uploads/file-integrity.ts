import { mp4Fault } from './mp4-structure';
import { pdfFault } from './pdf-structure';
import { webmFault } from './webm-structure';
import { zipFault } from './zip-structure';

/**
 * The structural check of each accepted type that is kept exactly as uploaded and never decoded here: videos, and
 * the private PDF and ZIP files buyers download. The type itself was decided from the first bytes only
 * (file-kinds.ts), which a file cut short or damaged further on still has, and such a file must be refused, not
 * stored. Each check reads the records that say where the rest of the file is, never the content, so a 250 MB file
 * costs milliseconds.
 */
const FAULT_OF: Record<string, (bytes: Buffer) => string | undefined> = {
  'application/pdf': pdfFault,
  'application/zip': zipFault,
  'video/mp4': mp4Fault,
  'video/webm': webmFault,
};

export class FileDamagedError extends Error {}

/** Refuses a file whose structure does not hold together, saying what is wrong. */
export function checkFileIsWhole(mime: string, bytes: Buffer): void {
  const faultOf = FAULT_OF[mime];
  // A type accepted without a check here would be stored unchecked: fail loudly, so its check gets written.
  if (!faultOf) throw new Error(`No structural check for ${mime}: add one to file-integrity.ts.`);
  const fault = faultOf(bytes);
  if (fault) throw new FileDamagedError(`The file is damaged or cut short: ${fault}.`);
}
