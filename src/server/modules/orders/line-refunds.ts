import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderItemRow } from '../../db/schema';

// The rows of the owner's refunds of one line (decision 0071, migration 0032): asked before the provider is, applied
// with the order's refund total in the lifecycle's transaction (apply-order-event.ts).

/** 'item:<id>' for an artwork's line, 'set:<id>' for a set's lines: unique per order, so a line is refunded once. */
export const lineKeyOf = (line: { itemId: number } | { setId: number }): string =>
  'itemId' in line ? `item:${line.itemId}` : `set:${line.setId}`;

/** What the buyer paid for lines: their net and tax, after their share of the discount. */
export const chargedCents = (items: readonly Pick<OrderItemRow, 'net_cents' | 'tax_cents'>[]): number =>
  items.reduce((sum, item) => sum + item.net_cents + item.tax_cents, 0);

/**
 * Asks for a line's refund: the row is made once whatever runs this at the same moment (the unique key), and the
 * row, made now or before, is answered.
 */
export async function askLineRefund(
  db: Kysely<Database>,
  input: { orderId: number; lineKey: string; itemIds: number[]; amountCents: number; now: Date },
) {
  await db
    .insertInto('line_refunds')
    .values({
      order_id: input.orderId,
      line_key: input.lineKey,
      item_ids: JSON.stringify(input.itemIds),
      amount_cents: input.amountCents,
      created_at: input.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['order_id', 'line_key']).doNothing())
    .execute();
  return db
    .selectFrom('line_refunds')
    .selectAll()
    .where('order_id', '=', input.orderId)
    .where('line_key', '=', input.lineKey)
    .executeTakeFirstOrThrow();
}

/** The provider refused or failed: the ask is withdrawn (never one already applied), so the owner may ask again. */
export async function withdrawLineRefund(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('line_refunds').where('id', '=', id).where('applied_at', 'is', null).execute();
}

/**
 * In the transaction that raises a paid order's refund total by `refundedCents`: the line refunds asked for it, in
 * the order they were asked, as far as that money covers them, become applied and their lines refunded. Whichever
 * brings the new total first (the owner's request, or the provider's event about the same refund) applies them, once.
 * Returns the lines refunded now, for their credit note and e-mail.
 */
export async function applyAskedLineRefunds(
  trx: Transaction<Database>,
  orderId: number,
  refundedCents: number,
  now: Date,
): Promise<OrderItemRow[]> {
  const asked = await trx
    .selectFrom('line_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('applied_at', 'is', null)
    .orderBy('id')
    .execute();
  let left = refundedCents;
  const itemIds: number[] = [];
  for (const row of asked) {
    if (row.amount_cents > left) break;
    left -= row.amount_cents;
    const ids = JSON.parse(row.item_ids) as number[];
    await trx.updateTable('line_refunds').set({ applied_at: now.toISOString() }).where('id', '=', row.id).execute();
    await trx
      .updateTable('order_items')
      .set({ line_refund_id: row.id })
      .where('order_id', '=', orderId)
      .where('id', 'in', ids)
      .execute();
    itemIds.push(...ids);
  }
  if (itemIds.length === 0) return [];
  return trx.selectFrom('order_items').selectAll().where('id', 'in', itemIds).orderBy('id').execute();
}
