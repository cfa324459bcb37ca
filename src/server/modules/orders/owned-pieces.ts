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
 * the dearest copy counts.
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
    .select([
      'order_items.artwork_id',
      'order_items.licence',
      'order_items.net_cents',
      'order_items.quantity',
      'orders.amount_cents',
      'orders.refunded_cents',
    ])
    .where('order_items.artwork_id', 'in', [...new Set(artworkIds)])
    .where('orders.status', 'in', [...DOWNLOADABLE_STATUSES])
    .where('orders.paid_at', 'is not', null);
  query =
    customer.userId !== null
      ? query.where('orders.user_id', '=', customer.userId)
      : query.where('orders.user_id', 'is', null).where('orders.customer_email', '=', customer.email);
  for (const row of await query.execute()) {
    const paid = Math.floor(paidNetCents(row) / Math.max(1, row.quantity));
    const key = ownedPieceKey(row.artwork_id, row.licence);
    owned.set(key, Math.max(owned.get(key) ?? 0, paid));
  }
  return owned;
}

/** The line's net amount less its share of what the order had refunded, by the order's amount. */
function paidNetCents(row: { net_cents: number; amount_cents: number; refunded_cents: number }): number {
  if (row.amount_cents <= 0 || row.refunded_cents <= 0) return row.net_cents;
  const refunded = Math.min(row.refunded_cents, row.amount_cents);
  const share = Number(
    (2n * BigInt(row.net_cents) * BigInt(refunded) + BigInt(row.amount_cents)) / (2n * BigInt(row.amount_cents)),
  );
  return row.net_cents - share;
}
