import { frameValueOf } from './browse-facets';
import { masterPrintSizes } from '../prints/master-print-sizes';
import type { RatioId } from '../prints/print-sizes';
import type { Size } from '../prints/ratio-crop';

// A module of its own, for the server and tests: in browse-facets.ts, the shop's filters would fetch the crop
// geometry with it, and in master-print-sizes.ts the wall preview would fetch the facets: each one more request
// (a chunk of its own) before a page answers.

/** The frames an artwork's pack fills at 300 DPI, as "fits my frame" values: every standard size of every offered ratio its master reaches. */
export function framesFilled(master: Size, ratios: readonly RatioId[]): string[] {
  return masterPrintSizes(master, ratios).flatMap((entry) => entry.sizes.map(frameValueOf));
}
