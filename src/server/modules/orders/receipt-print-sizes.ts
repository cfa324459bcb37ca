import type { Kysely, Transaction } from 'kysely';
import { masterPrintSizes, offeredRatios, type RatioPrintSizes } from '#shared/prints/master-print-sizes.ts';
import type { Database, OrderItemRow } from '../../db/schema';

export type ReceiptItem = OrderItemRow & {
  /** The sizes the artwork's print pack includes, per ratio; empty when its master's size is not known. */
  printSizes: RatioPrintSizes[];
};

/** The order's lines with the print sizes their artworks include today (from the master's size and offered ratios). */
export async function withPrintSizes(
  db: Kysely<Database> | Transaction<Database>,
  items: readonly OrderItemRow[],
): Promise<ReceiptItem[]> {
  const ids = [...new Set(items.map((item) => item.artwork_id))];
  const artworks = ids.length
    ? await db
        .selectFrom('artworks')
        .select(['id', 'master_width', 'master_height', 'print_ratios'])
        .where('id', 'in', ids)
        .execute()
    : [];
  return items.map((item) => {
    const artwork = artworks.find((row) => row.id === item.artwork_id);
    const master =
      artwork?.master_width && artwork.master_height
        ? { width: artwork.master_width, height: artwork.master_height }
        : null;
    return { ...item, printSizes: master ? masterPrintSizes(master, offeredRatios(artwork!.print_ratios)) : [] };
  });
}
