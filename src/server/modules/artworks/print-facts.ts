import type { ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import { formatsOf } from '#shared/orders/downloads.ts';
import {
  dimensionsFromMaster,
  formatFromPack,
  masterPrintSizes,
  offeredRatios,
  sizeAnswer,
} from '#shared/prints/master-print-sizes.ts';
import type { ArtworkRow } from '../../db/schema';

/**
 * The artwork page's print facts, from the master's size and the offered ratios (the same for every visitor, so
 * the detail stays a shared answer): the sizes each ratio prints at, and Dimensions and Format said from them and
 * from the files the pack delivers, so neither can promise more than the files hold. An artwork whose master size
 * is not known (no pack yet, or a listing delivered by a Drive link) keeps the stored Dimensions and Format texts
 * and lists no sizes.
 */
export function printFactsOf(
  row: Pick<ArtworkRow, 'master_width' | 'master_height' | 'print_ratios' | 'dimensions' | 'format'>,
): Pick<ArtworkDetail, 'dimensions' | 'format' | 'printSizes'> {
  const master = row.master_width && row.master_height ? { width: row.master_width, height: row.master_height } : null;
  if (!master) return { dimensions: row.dimensions, format: row.format, printSizes: [] };
  const ratios = offeredRatios(row.print_ratios);
  return {
    dimensions: dimensionsFromMaster(master, ratios) ?? row.dimensions,
    format: formatFromPack(formatsOf(row.format).includes('png')),
    printSizes: masterPrintSizes(master, ratios).map((entry) => ({ ...entry, sizes: entry.sizes.map(sizeAnswer) })),
  };
}
