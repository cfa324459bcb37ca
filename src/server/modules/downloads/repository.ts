import type { Kysely, Transaction } from 'kysely';
import { UPGRADE_HOLDING_STATUSES } from '#shared/licences/upgrades.ts';
import type { Database } from '../../db/schema';

/** A bought line with its order and, if the artwork still exists, today's artwork. */
export async function findBoughtItem(db: Kysely<Database>, itemId: number) {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .leftJoin('artworks', 'artworks.id', 'order_items.artwork_id')
    .select([
      'order_items.id as itemId',
      'order_items.artwork_id as artworkId',
      'order_items.title as soldTitle',
      'order_items.private_file_key as soldFileKey',
      'order_items.google_drive_link as soldDriveLink',
      'order_items.format as soldFormat',
      'order_items.set_id as setId',
      'order_items.licence as licence',
      'order_items.line_refund_id as lineRefundId',
      'orders.user_id as userId',
      'orders.id as orderId',
      'orders.status as status',
      'artworks.title as currentTitle',
      'artworks.private_file_key as currentFileKey',
      'artworks.google_drive_link as currentDriveLink',
      'artworks.format as currentFormat',
    ])
    .where('order_items.id', '=', itemId)
    .executeTakeFirst();
}

/** The buyer's orders that were paid at some point (paid, partly or fully refunded, disputed), newest first. */
export async function findDownloadRows(db: Kysely<Database>, holder: { userId: number | null; orderId?: number }) {
  return (
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .leftJoin('artworks', 'artworks.id', 'order_items.artwork_id')
      .leftJoin('artwork_sets', 'artwork_sets.id', 'order_items.set_id')
      .select((eb) => [
        'orders.id as orderId',
        'orders.order_number as orderNumber',
        'orders.payment_intent_id as paymentIntentId',
        'orders.status as status',
        'orders.amount_cents as amount',
        'orders.currency as currency',
        'orders.discount_cents as discount',
        'orders.discount_label as discountLabel',
        'orders.created_at as createdAt',
        'orders.paid_at as paidAt',
        'order_items.id as itemId',
        'order_items.artwork_id as artworkId',
        'order_items.title as title',
        'order_items.artist as artist',
        'order_items.dimensions as soldDimensions',
        'order_items.preview_url as soldPreviewUrl',
        'order_items.private_file_key as soldFileKey',
        'order_items.google_drive_link as soldDriveLink',
        'order_items.format as soldFormat',
        'order_items.licence as licence',
        'order_items.licence_terms_version as licenceTermsVersion',
        'order_items.set_id as setId',
        'artwork_sets.title as setTitle',
        'order_items.upgrade_of_item_id as upgradeOfItemId',
        'artworks.title as currentTitle',
        'artworks.preview_url as currentPreviewUrl',
        'artworks.image_url as currentImageUrl',
        'artworks.private_file_key as currentFileKey',
        'artworks.google_drive_link as currentDriveLink',
        'artworks.format as currentFormat',
        eb
          .selectFrom('downloads')
          .select((d) => d.fn.countAll<number | string>().as('n'))
          .whereRef('downloads.order_item_id', '=', 'order_items.id')
          .as('downloads'),
        // The upgrade that holds (decision 0068): a refunded one, its order's or its line's alone (decision 0071),
        // leaves the line Personal again.
        eb
          .selectFrom('order_items as upgrade')
          .innerJoin('orders as upgrade_order', 'upgrade_order.id', 'upgrade.order_id')
          .select((u) => u.fn.max('upgrade.id').as('id'))
          .whereRef('upgrade.upgrade_of_item_id', '=', 'order_items.id')
          .where('upgrade_order.status', 'in', UPGRADE_HOLDING_STATUSES)
          .where('upgrade.line_refund_id', 'is', null)
          .as('upgradedByItemId'),
      ])
      .where((eb) =>
        holder.orderId !== undefined
          ? eb('orders.id', '=', holder.orderId)
          : eb('orders.user_id', '=', holder.userId ?? -1),
      )
      .where('orders.paid_at', 'is not', null)
      // A line refunded on its own leaves the library (decision 0071); the order's other lines stay.
      .where('order_items.line_refund_id', 'is', null)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .orderBy('order_items.id')
      .execute()
  );
}

/** The order numbers of bought lines, by line: the orders that hold the upgrades the library names. */
export async function findOrderNumbersOfItems(db: Kysely<Database>, itemIds: number[]) {
  if (itemIds.length === 0) return new Map<number, { orderNumber: string; paymentIntentId: string | null }>();
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'order_items.id as itemId',
      'orders.order_number as orderNumber',
      'orders.payment_intent_id as paymentIntentId',
    ])
    .where('order_items.id', 'in', itemIds)
    .execute();
  return new Map(rows.map((row) => [row.itemId, row]));
}

export async function countDownloads(db: Kysely<Database>, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('downloads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_item_id', '=', itemId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface DownloadLogEntry {
  itemId: number;
  /** Null for a guest's download through their library link. */
  userId: number | null;
  artworkId: number;
  format: string;
  ipAddress: string;
  userAgent: string;
  now: Date;
}

/**
 * Logs a download and, on the first one of a bought item, raises the artwork's public download count: the count
 * says how many purchases were downloaded, not how often someone clicked (decision 0022).
 */
export async function logDownload(db: Kysely<Database>, entry: DownloadLogEntry): Promise<void> {
  await db.transaction().execute((trx) => insertDownload(trx, entry));
}

/** logDownload's writes, inside a transaction the caller holds (a set's ZIP logs every piece in one). */
export async function insertDownload(trx: Transaction<Database>, entry: DownloadLogEntry): Promise<void> {
  const before = await trx
    .selectFrom('downloads')
    .select('id')
    .where('order_item_id', '=', entry.itemId)
    .limit(1)
    .executeTakeFirst();
  await trx
    .insertInto('downloads')
    .values({
      order_item_id: entry.itemId,
      user_id: entry.userId,
      format: entry.format,
      ip_address: entry.ipAddress,
      user_agent: entry.userAgent.slice(0, 500),
      created_at: entry.now.toISOString(),
    })
    .execute();
  if (!before) {
    await trx
      .updateTable('artworks')
      .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
      .where('id', '=', entry.artworkId)
      .execute();
  }
}
