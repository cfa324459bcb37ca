import type { Kysely } from 'kysely';
import type { Customer } from '#shared/accounts/customer.ts';
import { CODE_MESSAGES } from '#shared/discounts/discounts.ts';
import type { Database } from '../../db/schema';
import { countTakenUses, customerHasUsed, customerHoldsElsewhere, holdUse, lockDiscount } from './repository';

/**
 * Holds one use of a code with a limit (total uses, or once per customer) for an open order, or says why it cannot:
 * the code's row is locked while its paid and held uses are counted, so of twenty buyers paying for its last use at
 * once exactly one gets it, on one instance or several; the others are told before they pay. The hold lasts 30
 * minutes and is renewed each time the checkout asks again; the payment spends it (spend-code-use.ts). Every other
live hold counts, the buyer's own too: the caller has let their waiting checkouts go first, so what is left of
theirs is a payment under way, which keeps its use. So a payment within its hold is never past the limit.
 */
export async function holdCodeUse(
  db: Kysely<Database>,
  hold: { discountId: number; orderId: number; customer: Customer; now: Date },
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const row = await lockDiscount(trx, hold.discountId);
    if (!row || row.active !== 1) return CODE_MESSAGES.unknown;
    if (row.max_uses === null && row.once_per_customer !== 1) return null;
    if (row.max_uses !== null) {
      const taken = await countTakenUses(trx, row.id, { orderId: hold.orderId }, hold.now);
      if (taken >= row.max_uses) return CODE_MESSAGES.usedUp;
    }
    if (
      row.once_per_customer === 1 &&
      ((await customerHasUsed(trx, row.id, hold.customer)) || (await customerHoldsElsewhere(trx, hold)))
    )
      return CODE_MESSAGES.alreadyUsed;
    await holdUse(trx, hold);
    return null;
  });
}
