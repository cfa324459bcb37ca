import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { Customer } from '#shared/accounts/customer.ts';
import { RESERVATION_MINUTES } from '#shared/discounts/discounts.ts';
import type { Database } from '../../db/schema';
import type { DiscountsTable } from '../../db/discount-tables';
import { engineOf } from '../../db/dialect';
import type { Discount } from './price-order';

type Db = Kysely<Database> | Transaction<Database>;
export type DiscountRow = Selectable<DiscountsTable>;

/** The customer's rows: their account's, or any made with their address (a guest's, before or after signing up). */
function isCustomer(customer: Customer) {
  return <T extends 'orders' | 'discount_reservations'>(eb: ExpressionBuilder<Database, T>) => {
    // Both tables have the two columns; one builder type covers them.
    const on = eb as unknown as ExpressionBuilder<Database, 'orders'>;
    const byEmail = on('customer_email', '=', customer.email);
    return customer.userId === null ? byEmail : on.or([on('user_id', '=', customer.userId), byEmail]);
  };
}

const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));
const idList = (json: string): number[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
};
const textList = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
};

/** A row as the pricing reads it. */
export function toDiscount(row: DiscountRow): Discount {
  return {
    id: row.id,
    kind: row.kind,
    code: row.code,
    name: row.name,
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    startsAt: toDate(row.starts_at),
    endsAt: toDate(row.ends_at),
    maxUses: row.max_uses,
    oncePerCustomer: row.once_per_customer === 1,
    minSubtotalCents: row.min_subtotal_cents,
    minQuantity: row.min_quantity,
    scope: row.scope,
    scopeArtworks: idList(row.scope_artworks),
    scopeCategories: textList(row.scope_categories),
    combinesWithSales: row.combines_with_sales === 1,
    active: row.active === 1,
  };
}

/** The automatic sales and quantity breaks switched on (their dates are the pricing's to judge). */
export async function findAutomaticDiscounts(db: Db): Promise<Discount[]> {
  const rows = await db
    .selectFrom('discounts')
    .selectAll()
    .where('kind', 'in', ['sale', 'quantity'])
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map(toDiscount);
}

/** The code with this text (upper-case), whatever its state. */
export async function findCodeDiscount(db: Db, code: string): Promise<DiscountRow | undefined> {
  return db.selectFrom('discounts').selectAll().where('kind', '=', 'code').where('code', '=', code).executeTakeFirst();
}

/** Locks a discount's row until the transaction ends, so uses of it are counted one checkout at a time. */
export async function lockDiscount(trx: Transaction<Database>, id: number): Promise<DiscountRow | undefined> {
  const query = trx.selectFrom('discounts').selectAll().where('id', '=', id);
  return (engineOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * A code's uses taken: its paid orders (refunded ones too: the code was spent) and the uses held by open checkouts
 * whose 30 minutes have not run out, but for the holds `except` names: a buyer's own when quoting (checking out again
 * lets their waiting checkouts go), or the order being held itself. One statement, so one snapshot: a payment that
 * commits meanwhile (its hold turned into a paid use) is counted once, never missed between two counts.
 */
export async function countTakenUses(
  db: Db,
  discountId: number,
  except: { customer: Customer | null } | { orderId: number },
  now: Date,
): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('orders')
        .select((count) => count.fn.countAll<number | string>().as('paid'))
        .where('discount_id', '=', discountId)
        .where('paid_at', 'is not', null)
        .as('paid'),
      eb
        .selectFrom('discount_reservations')
        .select((count) => count.fn.countAll<number | string>().as('held'))
        .where('discount_id', '=', discountId)
        .where('status', '=', 'held')
        .where('expires_at', '>', now.toISOString())
        .$if('customer' in except && except.customer !== null, (q) =>
          q.where((eb) => eb.not(isCustomer((except as { customer: Customer }).customer)(eb))),
        )
        .$if('orderId' in except, (q) => q.where('order_id', '!=', (except as { orderId: number }).orderId))
        .as('held'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.paid ?? 0) + Number(row.held ?? 0);
}

/** Whether the buyer holds a use of the code for another order now (one whose payment is under way). */
export async function customerHoldsElsewhere(
  db: Db,
  hold: { discountId: number; customer: Customer; orderId: number; now: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('discount_reservations')
    .select('id')
    .where('discount_id', '=', hold.discountId)
    .where(isCustomer(hold.customer))
    .where('order_id', '!=', hold.orderId)
    .where('status', '=', 'held')
    .where('expires_at', '>', hold.now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether this customer (account or address) has a paid order that used the code (other than `exceptOrderId`). */
export async function customerHasUsed(
  db: Db,
  discountId: number,
  customer: Customer,
  exceptOrderId?: number,
): Promise<boolean> {
  const paid = await db
    .selectFrom('orders')
    .select('id')
    .where('discount_id', '=', discountId)
    .where(isCustomer(customer))
    .where('paid_at', 'is not', null)
    .$if(exceptOrderId !== undefined, (q) => q.where('id', '!=', exceptOrderId!))
    .executeTakeFirst();
  return paid !== undefined;
}

/**
 * The buyer's other orders holding a use of the code: a newer checkout with it lets each of them go unless its
 * payment is under way (orders/settle-code-holds.ts).
 */
export async function findOtherHeldOrders(
  db: Db,
  hold: { discountId: number; customer: Customer; orderId: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('discount_reservations')
    .select('order_id')
    .where('discount_id', '=', hold.discountId)
    .where(isCustomer(hold.customer))
    .where('order_id', '!=', hold.orderId)
    .where('status', '=', 'held')
    .orderBy('order_id')
    .execute();
  return rows.map((row) => row.order_id);
}

/** Orders whose held use ran out of time unpaid, oldest first: the sweep lets them go or keeps them a while longer. */
export async function findLapsedHolds(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('discount_reservations')
    .select('order_id')
    .where('status', '=', 'held')
    .where('expires_at', '<=', now.toISOString())
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.order_id);
}

/** A hold whose payment is under way (a bank's step, a method that settles later) lasts another 30 minutes. */
export async function extendHold(db: Db, orderId: number, now: Date): Promise<void> {
  await db
    .updateTable('discount_reservations')
    .set({ expires_at: new Date(now.getTime() + RESERVATION_MINUTES * 60_000).toISOString() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'held')
    .execute();
}

/** Holds a use for the order (or renews its hold) for RESERVATION_MINUTES from now. */
export async function holdUse(
  trx: Transaction<Database>,
  hold: { discountId: number; orderId: number; customer: Customer; now: Date },
): Promise<void> {
  const expires = new Date(hold.now.getTime() + RESERVATION_MINUTES * 60_000).toISOString();
  await trx
    .insertInto('discount_reservations')
    .values({
      discount_id: hold.discountId,
      order_id: hold.orderId,
      user_id: hold.customer.userId,
      customer_email: hold.customer.email,
      status: 'held',
      expires_at: expires,
      created_at: hold.now.toISOString(),
    })
    .onConflict((oc) =>
      oc
        .column('order_id')
        .doUpdateSet({ status: 'held', expires_at: expires })
        .where('discount_reservations.status', '=', 'held'),
    )
    .execute();
}

/** A code's uses: the paid orders that used it (refunded ones included: the code was spent). */
export async function countPaidUses(db: Db, discountId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('uses'))
    .where('discount_id', '=', discountId)
    .where('paid_at', 'is not', null)
    .executeTakeFirst();
  return Number(row?.uses ?? 0);
}

/**
 * The order was paid: the use its checkout held is spent. True when that hold was still alive: its use was counted by
 * every checkout since, so it cannot be past the limit. False when it had lapsed or moved, or there was none.
 */
export async function spendLiveHold(trx: Transaction<Database>, orderId: number, now: Date): Promise<boolean> {
  const live = await trx
    .updateTable('discount_reservations')
    .set({ status: 'used' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'held')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(live.numUpdatedRows) > 0) return true;
  await trx.updateTable('discount_reservations').set({ status: 'used' }).where('order_id', '=', orderId).execute();
  return false;
}

/** The order will not be paid (cancelled): a use it held goes back at once rather than after 30 minutes. */
export async function releaseUse(trx: Transaction<Database>, orderId: number): Promise<void> {
  await trx
    .updateTable('discount_reservations')
    .set({ status: 'released' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'held')
    .execute();
}
