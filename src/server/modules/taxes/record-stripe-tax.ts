import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TaxCalculator } from './tax-calculator';

export interface TaxRecordChange {
  orderId: number;
  paidNow: boolean;
  refundedBefore: number;
  refundedAfter: number;
}

/**
 * Stripe Tax's own record of a sale (a transaction from the order's calculation, once paid) and of each refund (a
 * reversal), told after the order's change is committed, as Stripe asks. The built-in table records nothing here:
 * the invoices and credit notes are the record. A failure is left to the caller to log; the order stands.
 */
export async function recordTaxWithCalculator(
  deps: { db: Kysely<Database>; taxCalculator: TaxCalculator },
  change: TaxRecordChange,
): Promise<void> {
  if (deps.taxCalculator.name === 'table') return;
  const order = await deps.db
    .selectFrom('orders')
    .select(['order_number', 'amount_cents', 'tax_calculation_id', 'tax_transaction_id'])
    .where('id', '=', change.orderId)
    .executeTakeFirstOrThrow();
  // A free order (decision 0055) sold nothing for money: Stripe Tax has no sale to record.
  if (order.amount_cents === 0) return;
  let transactionId = order.tax_transaction_id;
  // Every change that reaches here is of a paid order: a sale whose recording failed at the payment (Stripe down,
  // or a refund committed first on another instance) is recorded now, before its refund's reversal. The idempotency
  // key per order makes a second recording give back the same transaction.
  if (!transactionId) {
    transactionId = await deps.taxCalculator.recordSale({
      calculationId: order.tax_calculation_id,
      orderNumber: order.order_number,
    });
    if (transactionId)
      await deps.db
        .updateTable('orders')
        .set({ tax_transaction_id: transactionId })
        .where('id', '=', change.orderId)
        .execute();
  }
  const before = change.paidNow ? 0 : change.refundedBefore;
  if (!transactionId || change.refundedAfter <= before) return;
  await deps.taxCalculator.recordRefund({
    transactionId,
    orderNumber: order.order_number,
    amountCents: change.refundedAfter - before,
    full: change.refundedAfter >= order.amount_cents,
    // The running total names the refund: the same one reported twice is one reversal.
    reference: `${order.order_number}-refund-${change.refundedAfter}`,
  });
}
