import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../../db/dialect';
import { PAYABLE_STATUSES, type OrderStatus } from '#shared/orders/order-lifecycle.ts';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { Database, OrderItemRow, OrderRow } from '../../db/schema';
import { taxColumnsOf, type OrderTaxColumns } from './order-tax-columns';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewOrder {
  orderNumber: string;
  /** Null for a guest. */
  userId: number | null;
  customerEmail: string;
  firstName: string;
  lastName: string;
  provider: OrderRow['provider'];
  cartKey: string;
  /** The lines at their (sale) prices, the order's discount, and what is charged: amount = subtotal − discount. */
  subtotalCents: number;
  discountCents: number;
  amountCents: number;
  /** The code it used (its use is counted when the order is paid), and the discounts named as the buyer saw them. */
  discountId: number | null;
  discountLabel: string | null;
  currency: string;
  /** How the order was taxed (taxes/order-tax.ts). */
  tax: OrderTaxColumns;
  lines: Array<{
    artworkId: number;
    /** The set the line is a piece of, bought whole; null for an artwork on its own. */
    setId: number | null;
    /** The Personal line a Commercial upgrade line upgrades (decision 0068); null for any other line. */
    upgradeOfItemId: number | null;
    /** The set's title when the order was priced (decision 0073). */
    setTitle: string | null;
    title: string;
    artist: string;
    listUnitPriceCents: number;
    unitPriceCents: number;
    quantity: number;
    discountCents: number;
    totalCents: number;
    /** The line's tax, as charged. */
    tax: { netCents: number; taxCents: number; rateBp: number };
    licence: LicenceTier;
    licenceTermsVersion: number;
    delivery: {
      privateFileKey: string | null;
      googleDriveLink: string | null;
      dimensions: string;
      format: string;
      previewUrl: string | null;
    };
  }>;
  now: Date;
}

/** The order and its lines in one transaction. Undefined when this customer already has this cart pending. */
export async function insertPendingOrder(db: Kysely<Database>, order: NewOrder): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const now = order.now.toISOString();
    const inserted = await trx
      .insertInto('orders')
      .values({
        order_number: order.orderNumber,
        user_id: order.userId,
        customer_email: order.customerEmail,
        first_name: order.firstName,
        last_name: order.lastName,
        status: 'pending',
        provider: order.provider,
        cart_key: order.cartKey,
        subtotal_cents: order.subtotalCents,
        discount_cents: order.discountCents,
        discount_id: order.discountId,
        discount_label: order.discountLabel,
        amount_cents: order.amountCents,
        currency: order.currency,
        ...taxColumnsOf(order.tax),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        // The index that keeps one open order per cart: an account's (user_id, cart_key), or a guest's (cart_key,
        // which holds the address) among the orders without a user (migration 0022).
        order.userId === null
          ? oc
              .column('cart_key')
              .where(sql<boolean>`user_id is null and status in ('pending', 'failed')`)
              .doNothing()
          : oc
              .columns(['user_id', 'cart_key'])
              .where('status', 'in', [sql.lit<OrderStatus>('pending'), sql.lit<OrderStatus>('failed')])
              .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    await trx
      .insertInto('order_items')
      .values(
        order.lines.map((line) => ({
          order_id: inserted.id,
          artwork_id: line.artworkId,
          set_id: line.setId,
          upgrade_of_item_id: line.upgradeOfItemId,
          set_title: line.setTitle,
          title: line.title,
          artist: line.artist,
          list_unit_price_cents: line.listUnitPriceCents,
          unit_price_cents: line.unitPriceCents,
          quantity: line.quantity,
          discount_cents: line.discountCents,
          line_total_cents: line.totalCents,
          net_cents: line.tax.netCents,
          tax_cents: line.tax.taxCents,
          tax_rate_bp: line.tax.rateBp,
          private_file_key: line.delivery.privateFileKey,
          google_drive_link: line.delivery.googleDriveLink,
          dimensions: line.delivery.dimensions,
          format: line.delivery.format,
          preview_url: line.delivery.previewUrl,
          licence: line.licence,
          licence_terms_version: line.licenceTermsVersion,
        })),
      )
      .execute();
    return inserted.id;
  });
}

/** The customer's orders of this cart (price-new-order.ts cartKeyOf): an account's, or a guest's (no user). */
const ordersOfCart = (db: Db, userId: number | null, cartKey: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('cart_key', '=', cartKey);

/** The customer's open order for this cart: not paid yet, whether or not a card was refused on it. */
export async function findOpenOrderForCart(
  db: Db,
  userId: number | null,
  cartKey: string,
): Promise<OrderRow | undefined> {
  return ordersOfCart(db, userId, cartKey).where('status', 'in', PAYABLE_STATUSES).executeTakeFirst();
}

/**
 * The customer's free order of this cart that is complete already: asked again (a double click, a retry after a lost
 * answer), the free checkout answers it instead of giving the same downloads away a second time.
 */
export async function findPaidFreeOrderForCart(
  db: Db,
  userId: number | null,
  cartKey: string,
): Promise<OrderRow | undefined> {
  return ordersOfCart(db, userId, cartKey)
    .where('provider', '=', 'free')
    .where('paid_at', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function setPaymentIntent(db: Db, orderId: number, paymentIntentId: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_intent_id: paymentIntentId, updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .execute();
}

export async function findOrderById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function findOrderByIntent(db: Db, paymentIntentId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();
}

/**
 * The order, locked until the transaction ends: a payment, a refund and a dispute about it decide its status one
 * after the other. PostgreSQL needs the lock (read committed); SQLite runs one write transaction at a time anyway.
 */
export async function lockOrderByIntent(
  trx: Transaction<Database>,
  paymentIntentId: string,
): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('payment_intent_id', '=', paymentIntentId);
  return (engineOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The same lock, by the order's own id (an order may have no payment yet). */
export async function lockOrderById(trx: Transaction<Database>, orderId: number): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
  return (engineOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function findOrderItems(db: Db, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export async function findOrdersByEmail(db: Db, email: string): Promise<OrderRow[]> {
  return (
    db
      .selectFrom('orders')
      .selectAll()
      .where('customer_email', '=', email)
      // A deleted account's orders are nobody's (decision 0074), not the next account's with the address.
      .where('account_deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  );
}

/** Records a provider event; false when it was recorded before (a delivery again), so it changes nothing twice. */
export async function recordPaymentEvent(
  trx: Db,
  event: { id: string; type: string; paymentIntentId: string | null; now: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values({
      id: event.id,
      type: event.type,
      payment_intent_id: event.paymentIntentId,
      received_at: event.now.toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The orders still open (never paid) that were created before `olderThan`. */
export async function findStaleOpenOrderIds(db: Db, olderThan: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', PAYABLE_STATUSES)
    .where('created_at', '<', olderThan.toISOString())
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function recordOrderHistory(
  trx: Db,
  orderId: number,
  status: OrderStatus,
  note: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('order_history')
    .values({ order_id: orderId, status, note, created_at: now.toISOString() })
    .execute();
}

/** Writes what the order's lifecycle decided for the locked order (see lockOrderByIntent). */
export async function setOrderStatus(
  trx: Db,
  orderId: number,
  changes: {
    status: OrderStatus;
    refundedCents?: number;
    paidAt?: Date;
    card?: { brand: string; last4: string } | null;
    /** The payment settling from now (true), or no longer (false); absent: as it was. */
    processing?: boolean;
    now: Date;
  },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      status: changes.status,
      ...(changes.refundedCents === undefined ? {} : { refunded_cents: changes.refundedCents }),
      ...(changes.paidAt ? { paid_at: changes.paidAt.toISOString() } : {}),
      ...(changes.card ? { card_brand: changes.card.brand, card_last4: changes.card.last4 } : {}),
      ...(changes.processing === undefined
        ? {}
        : { payment_processing_at: changes.processing ? changes.now.toISOString() : null }),
      updated_at: changes.now.toISOString(),
    })
    .where('id', '=', orderId)
    .execute();
}
