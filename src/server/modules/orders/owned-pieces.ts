import type { Kysely } from 'kysely';
import type { Customer } from '#shared/accounts/customer.ts';
import { ownedPieceKey, type OwnedPieces } from '#shared/sets/complete-set.ts';
import { DOWNLOADABLE_STATUSES } from '#shared/orders/order-lifecycle.ts';
import type { Database } from '../../db/schema';

// What a buyer already owns, for completing a set (decision 0070): their paid order lines, and what each cost them.

/**
 * The artworks among `artworkIds` the customer owns, under each licence: a line of one of their orders whose files
 * they may download (paid, or partly refunded; a refunded or disputed order owns nothing). Whose an order is follows
 * `customerOwns`: an account's orders, or a guest's by their address. What a copy cost is the line's net amount
 * (`order_items.net_cents`, without VAT) less its share of the order's refunds (the refunded part of the order's
 * amount, in proportion, rounded half up), divided by the line's quantity and rounded down; bought more than once,
 * the dearest copy counts. A line refunded on its own (decision 0071) is not owned, and its refund is no part of the
 * others' share. A Personal line upgraded to Commercial (decision 0068) is owned under Commercial at what the two
 * lines cost together.
 */
export async function findOwnedPieces(
  db: Kysely<Database>,
  customer: Customer,
  artworkIds: readonly number[],
): Promise<OwnedPieces> {
  const owned = new Map<string, number>();
  if (artworkIds.length === 0) return owned;
  let query = db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => [
      'order_items.id',
      'order_items.artwork_id',
      'order_items.licence',
      'order_items.net_cents',
      'order_items.quantity',
      'order_items.line_refund_id',
      'order_items.upgrade_of_item_id',
      'orders.amount_cents',
      'orders.refunded_cents',
      eb
        .selectFrom('line_refunds')
        .select((r) => r.fn.coalesce(r.fn.sum<number | string>('line_refunds.amount_cents'), r.lit(0)).as('n'))
        .whereRef('line_refunds.order_id', '=', 'orders.id')
        .where('line_refunds.applied_at', 'is not', null)
        .as('lineRefundedCents'),
    ])
    .where('order_items.artwork_id', 'in', [...new Set(artworkIds)])
    .where('orders.status', 'in', [...DOWNLOADABLE_STATUSES])
    .where('orders.paid_at', 'is not', null);
  query =
    customer.userId !== null
      ? query.where('orders.user_id', '=', customer.userId)
      : query
          .where('orders.user_id', 'is', null)
          .where('orders.account_deleted_at', 'is', null)
          .where('orders.customer_email', '=', customer.email);
  const rows = (await query.execute()).filter((row) => row.line_refund_id === null);
  const paidOf = new Map(
    rows.map((row) => [row.id, Math.floor(paidNetCents(row) / Math.max(1, row.quantity))] as const),
  );
  for (const row of rows) {
    const upgraded = row.upgrade_of_item_id === null ? 0 : (paidOf.get(row.upgrade_of_item_id) ?? 0);
    const key = ownedPieceKey(row.artwork_id, row.licence);
    owned.set(key, Math.max(owned.get(key) ?? 0, paidOf.get(row.id)! + upgraded));
  }
  return owned;
}

/**
 * The line's net amount less its share of what the order had refunded, by the order's amount; lines refunded on
 * their own are out of both, as they were given back whole.
 */
function paidNetCents(row: {
  net_cents: number;
  amount_cents: number;
  refunded_cents: number;
  lineRefundedCents: number | string | null;
}): number {
  const apart = Number(row.lineRefundedCents ?? 0);
  const amount = row.amount_cents - apart;
  const refunded = Math.min(row.refunded_cents - apart, amount);
  if (amount <= 0 || refunded <= 0) return row.net_cents;
  const share = Number((2n * BigInt(row.net_cents) * BigInt(refunded) + BigInt(amount)) / (2n * BigInt(amount)));
  return row.net_cents - share;
}
