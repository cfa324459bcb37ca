import { sql, type Kysely } from 'kysely';
import type { OrderStatus } from '#shared/orders/checkout.ts';
import type { Database } from '../../db/schema';

export interface OrderSearch {
  q?: string;
  status?: OrderStatus;
  limit: number;
  offset: number;
}

/** The owner's search: an e-mail or order number (ours, or the end of the payment id), and a status. */
function searchedOrders(db: Kysely<Database>, search: Omit<OrderSearch, 'limit' | 'offset'>) {
  let query = db.selectFrom('orders');
  const q = search.q?.trim().toLowerCase();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        // A deleted account's order (decision 0074) is not found by the address it no longer shows.
        eb.and([
          eb('orders.account_deleted_at', 'is', null),
          eb(sql`lower(orders.customer_email)`, 'like', sql`${pattern} escape '\\'`),
        ]),
        eb(sql`lower(orders.order_number)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(orders.payment_intent_id)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (search.status) query = query.where('orders.status', '=', search.status);
  return query;
}

export async function searchOrders(db: Kysely<Database>, search: OrderSearch) {
  const [rows, total] = await Promise.all([
    searchedOrders(db, search)
      .selectAll('orders')
      .select((eb) =>
        eb
          .selectFrom('order_items')
          .select((i) => i.fn.sum<number | string>('quantity').as('n'))
          .whereRef('order_items.order_id', '=', 'orders.id')
          .as('itemCount'),
      )
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(search.limit)
      .offset(search.offset)
      .execute(),
    searchedOrders(db, search)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findOrderByNumber(db: Kysely<Database>, orderNumber: string) {
  return db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
}

export async function findOrderHistory(db: Kysely<Database>, orderId: number) {
  return db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export async function findOrderDownloads(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('downloads')
    .innerJoin('order_items', 'order_items.id', 'downloads.order_item_id')
    .select([
      'order_items.title',
      'downloads.format',
      'downloads.ip_address',
      'downloads.user_agent',
      'downloads.created_at',
    ])
    .where('order_items.order_id', '=', orderId)
    .orderBy('downloads.id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Money that stayed with the store (paid minus refunded), orders paid, and what discounts took off them, since
 * `since` (all time when null).
 */
export async function salesSince(db: Kysely<Database>, since: Date | null) {
  let query = db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.sum<number | string>(sql`orders.amount_cents - orders.refunded_cents`).as('revenue'),
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.sum<number | string>('orders.discount_cents').as('discounts'),
    ])
    .where('orders.paid_at', 'is not', null);
  if (since) query = query.where('orders.paid_at', '>=', since.toISOString());
  const row = await query.executeTakeFirst();
  return {
    revenue: Number(row?.revenue ?? 0),
    orders: Number(row?.orders ?? 0),
    discounts: Number(row?.discounts ?? 0),
  };
}

/** Best sellers by what their lines brought in, across paid orders, leaving out refunded orders and lines. */
export async function topArtworks(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => [
      'order_items.artwork_id as artworkId',
      eb.fn.max('order_items.title').as('title'),
      eb.fn.sum<number | string>('order_items.line_total_cents').as('revenue'),
      eb.fn.sum<number | string>('order_items.quantity').as('sold'),
    ])
    .where('orders.paid_at', 'is not', null)
    .where('orders.status', '!=', 'refunded')
    .where('order_items.line_refund_id', 'is', null)
    .groupBy('order_items.artwork_id')
    .orderBy('revenue', 'desc')
    .orderBy('order_items.artwork_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    artworkId: r.artworkId,
    title: String(r.title),
    revenue: Number(r.revenue),
    sold: Number(r.sold),
  }));
}

export async function countDownloadsSince(db: Kysely<Database>, since: Date): Promise<number> {
  const row = await db
    .selectFrom('downloads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
