import type { Transaction } from 'kysely';
import type { OverspendReason } from '../../db/discount-tables';
import type { Database } from '../../db/schema';
import { countPaidUses, customerHasUsed, lockDiscount, markHoldUsed } from './repository';

/**
 * The order was paid, in the payment's transaction (the lifecycle applies it once): the use its checkout held is
 * spent. A hold keeps a limited code's last use for one checkout, but a payment can still reach the provider after
 * its hold lapsed or moved to the buyer's newer checkout (a race the store cannot stop: the buyer was already
 * paying). The money is kept and the order paid at what was charged; a use past the limit is recorded for the owner
 * (`discount_overspends`, shown on the discounts list). The code's row is locked while its uses are counted, so of
 * two such payments at once only the one past the limit is recorded.
 */
export async function spendCodeUse(trx: Transaction<Database>, orderId: number, now: Date): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['discount_id', 'user_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.discount_id === null) return;
  await markHoldUsed(trx, orderId);
  const limited = await trx
    .selectFrom('discounts')
    .select('id')
    .where('id', '=', order.discount_id)
    .where((eb) => eb.or([eb('max_uses', 'is not', null), eb('once_per_customer', '=', 1)]))
    .executeTakeFirst();
  if (!limited) return;
  const code = await lockDiscount(trx, limited.id);
  if (!code) return;
  const reason = await overspendOf(trx, code, { orderId, userId: order.user_id });
  if (!reason) return;
  await trx
    .insertInto('discount_overspends')
    .values({ discount_id: code.id, order_id: orderId, reason, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/** Why this paid use is past the code's limit, counting the order's own payment (already written); null when within. */
async function overspendOf(
  trx: Transaction<Database>,
  code: { id: number; max_uses: number | null; once_per_customer: number },
  order: { orderId: number; userId: number },
): Promise<OverspendReason | null> {
  if (code.max_uses !== null && (await countPaidUses(trx, code.id)) > code.max_uses) return 'max-uses';
  if (code.once_per_customer === 1 && (await customerHasUsed(trx, code.id, order.userId, order.orderId)))
    return 'once-per-customer';
  return null;
}
