import type { ArtworkDetail } from '#shared/artwork-schema.ts';
import { dimensionsFromMaster, masterPrintSizes, offeredRatios, sizeAnswer } from '#shared/master-print-sizes.ts';
import type { ArtworkRow } from '../../db/schema';

/**
 * The artwork page's print facts, from the master's size and the offered ratios (the same for every visitor, so
 * the detail stays a shared answer): the sizes each ratio prints at, and Dimensions said from them. An artwork
 * whose master size is not known keeps the owner's own Dimensions text and lists no sizes.
 */
export function printFactsOf(
  row: Pick<ArtworkRow, 'master_width' | 'master_height' | 'print_ratios' | 'dimensions'>,
): Pick<ArtworkDetail, 'dimensions' | 'printSizes'> {
  const master = row.master_width && row.master_height ? { width: row.master_width, height: row.master_height } : null;
  if (!master) return { dimensions: row.dimensions, printSizes: [] };
  const ratios = offeredRatios(row.print_ratios);
  return {
    dimensions: dimensionsFromMaster(master, ratios) ?? row.dimensions,
    printSizes: masterPrintSizes(master, ratios).map((entry) => ({ ...entry, sizes: entry.sizes.map(sizeAnswer) })),
  };
}
