import type { Transaction } from 'kysely';
import type { Customer } from '#shared/accounts/customer.ts';
import type { OverspendReason } from '../../db/discount-tables';
import type { Database } from '../../db/schema';
import { countTakenUses, customerHasUsed, customerHoldsElsewhere, lockDiscount, spendLiveHold } from './repository';

/**
 * The order was paid, in the payment's transaction (the lifecycle applies it once): the use its checkout held is
 * spent. A hold keeps a limited code's last use for one checkout, but a payment can still reach the provider after
 * its hold lapsed or moved to the buyer's newer checkout (a race the store cannot stop: the buyer was already
 * paying). The money is kept and the order paid at what was charged; a use past the limit is recorded for the owner
 * (`discount_overspends`, shown on the discounts list). A payment within its live hold needs no count (every
 * checkout since counted its use); otherwise the code's row is locked while its uses are counted, so of two such
 * payments at once only the one past the limit is recorded.
 */
export async function spendCodeUse(trx: Transaction<Database>, orderId: number, now: Date): Promise<void> {
  if (await spendLiveHold(trx, orderId, now)) return;
  const order = await trx
    .selectFrom('orders')
    .select(['discount_id', 'user_id', 'customer_email'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.discount_id === null) return;
  const code = await lockDiscount(trx, order.discount_id);
  if (!code || (code.max_uses === null && code.once_per_customer !== 1)) return;
  const reason = await overspendOf(trx, code, {
    orderId,
    customer: { userId: order.user_id, email: order.customer_email },
    now,
  });
  if (!reason) return;
  await trx
    .insertInto('discount_overspends')
    .values({ discount_id: code.id, order_id: orderId, reason, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/**
 * Why this paid use is past the code's limit; null when within. Counted with the order's own payment (already
 * written) and with the other checkouts' live holds: those will be paid within their hold without a count, so a late
 * payment that takes a held use is the one past the limit.
 */
async function overspendOf(
  trx: Transaction<Database>,
  code: { id: number; max_uses: number | null; once_per_customer: number },
  order: { orderId: number; customer: Customer; now: Date },
): Promise<OverspendReason | null> {
  if (
    code.max_uses !== null &&
    (await countTakenUses(trx, code.id, { orderId: order.orderId }, order.now)) > code.max_uses
  )
    return 'max-uses';
  const hold = { discountId: code.id, ...order };
  if (
    code.once_per_customer === 1 &&
    ((await customerHasUsed(trx, code.id, order.customer, order.orderId)) || (await customerHoldsElsewhere(trx, hold)))
  )
    return 'once-per-customer';
  return null;
}
