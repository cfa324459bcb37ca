import type { ShownJobStatus } from '../jobs/job-status';
import type { RatioId } from './print-sizes';

// What the print pack's states mean to the owner and the buyer, without a validation library (the client imports it).

/** The owner's words for a pack's progress: 'Queued', 'Making 3 of 6', 'Ready', 'Failed: …'. */
export function packProgressText(pack: { status: ShownJobStatus; done: number; total: number; error?: string | null }) {
  switch (pack.status) {
    case 'none':
      return 'No print pack yet';
    case 'queued':
      return 'Queued';
    case 'making':
      return `Making ${pack.done} of ${pack.total}`;
    case 'ready':
      return 'Ready';
    case 'failed':
      return pack.error ? `Failed: ${pack.error}` : 'Failed';
  }
}

/** The buyer's words while the files are made: 'Preparing your files (3 of 6)'. */
export const preparingFilesText = (done: number, total: number) => `Preparing your files (${done} of ${total})`;

/** The smallest print a ratio is offered at without a warning: 8 × 10 in, or A4 for ISO A. */
export const MINIMUM_OFFERED_SIZE: Record<RatioId, { shortInches: number; longInches: number; name: string }> = {
  '2x3': { shortInches: 8, longInches: 10, name: '8 × 10 in' },
  '3x4': { shortInches: 8, longInches: 10, name: '8 × 10 in' },
  '4x5': { shortInches: 8, longInches: 10, name: '8 × 10 in' },
  '5x7': { shortInches: 8, longInches: 10, name: '8 × 10 in' },
  '11x14': { shortInches: 8, longInches: 10, name: '8 × 10 in' },
  'iso-a': { shortInches: 210 / 25.4, longInches: 297 / 25.4, name: 'A4' },
};
