import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What an account downloaded and when, for the buyer's copy of their data: only rows of that account. */
export async function downloadsOfAccount(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('downloads')
    .innerJoin('order_items', 'order_items.id', 'downloads.order_item_id')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'downloads.created_at',
      'downloads.format',
      'downloads.ip_address',
      'downloads.user_agent',
      'order_items.title',
      'orders.order_number',
    ])
    .where('downloads.user_id', '=', userId)
    .orderBy('downloads.created_at')
    .orderBy('downloads.id')
    .execute();
  return rows.map((row) => ({
    at: new Date(row.created_at).toISOString(),
    artwork: row.title,
    format: row.format,
    order: row.order_number,
    ipAddress: row.ip_address,
    browser: row.user_agent,
  }));
}
