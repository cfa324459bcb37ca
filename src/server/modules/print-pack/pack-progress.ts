import type { PackProgress } from '#shared/prints/print-pack-schema.ts';
import type { PackFileRow, PackRow } from './repository';

/**
 * How far a generation is, counted in its JPEGs (a PNG made on a buyer's request is not part of the pack's
 * progress): 'making' as soon as a worker is on it, the reason when it failed.
 */
export function progressOf(found: { pack: PackRow; files: PackFileRow[] } | undefined): PackProgress {
  if (!found) return { status: 'none', done: 0, total: 0, error: null };
  const jpegs = found.files.filter((file) => file.format === 'jpeg');
  const making = found.pack.status === 'queued' && jpegs.some((file) => file.status === 'making');
  return {
    status: making ? 'making' : found.pack.status,
    done: jpegs.filter((file) => file.status === 'ready').length,
    total: jpegs.length,
    error: found.pack.status === 'failed' ? found.pack.last_error : null,
  };
}
