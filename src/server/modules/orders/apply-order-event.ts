import { transition, type LifecycleOrder, type OrderEvent } from '#shared/order-lifecycle.ts';
import type { OrderRow } from '../../db/schema';
import type { LifecycleDeps } from './order-deps';
import { releaseUse, spendHeldUse } from '../discounts/repository';
import { issueTaxDocuments } from '../taxes/issue-tax-documents';
import { recordTaxWithCalculator } from '../taxes/record-stripe-tax';
import { queueLifecycleMails } from './order-mail';
import { lockOrderById, lockOrderByIntent, recordOrderHistory, recordPaymentEvent, setOrderStatus } from './repository';

/** Which order an event is about: the provider names its payment, the store its own row. */
export type OrderKey = { paymentIntentId: string } | { orderId: number };

/** What became of an event: delivered before, about no order, changing nothing, or applied. */
export type EventOutcome = 'repeated' | 'no-order' | 'unchanged' | 'changed';

export interface ApplyOptions {
  /** The provider's event that brought it: recorded in the same transaction, so a delivery again changes nothing. */
  providerEvent?: { id: string; type: string };
  now?: Date;
}

function lifecycleOf(order: OrderRow): LifecycleOrder {
  return {
    status: order.status,
    amountCents: order.amount_cents,
    refundedCents: order.refunded_cents,
    paid: order.paid_at !== null,
  };
}

/**
 * Every change of an order's status goes through here, whichever path brings it (the provider's webhook or test
 * events, the page's confirmation, the owner's refund, the housekeeping) and however often, at once on several
 * instances: in one transaction the provider's event id is recorded (exactly once), the order is locked (a payment,
 * a refund and a dispute about it are decided one after the other), the lifecycle decides, and the status, its
 * history, a discount code's use, the invoice or credit note and the e-mails it sends are written together (decision 0026: all or nothing; a failure rolls back all,
 * and the provider delivers the event again). The e-mails are tried after the commit, so the answer follows them
 * when the mail server is up; a failure is logged and left to the queue's retries.
 *
 * `event` may be decided from the locked order (null: nothing to apply), e.g. after checking a payment matches it.
 */
export async function applyOrderEvent(
  deps: LifecycleDeps,
  key: OrderKey,
  event: OrderEvent | ((order: OrderRow) => OrderEvent | null),
  options: ApplyOptions = {},
): Promise<EventOutcome> {
  const now = options.now ?? new Date();
  const { outcome, mailIds, paidNow, taxChange } = await deps.db.transaction().execute(async (trx) => {
    const { providerEvent } = options;
    const paymentIntentId = 'paymentIntentId' in key ? key.paymentIntentId : null;
    if (providerEvent && !(await recordPaymentEvent(trx, { ...providerEvent, paymentIntentId, now })))
      return { outcome: 'repeated' as const, mailIds: [], paidNow: null, taxChange: null };
    const order =
      'orderId' in key ? await lockOrderById(trx, key.orderId) : await lockOrderByIntent(trx, key.paymentIntentId);
    if (!order) return { outcome: 'no-order' as const, mailIds: [], paidNow: null, taxChange: null };
    const decided = typeof event === 'function' ? event(order) : event;
    const next = decided && transition(lifecycleOf(order), decided);
    if (!decided || !next) return { outcome: 'unchanged' as const, mailIds: [], paidNow: null, taxChange: null };
    await setOrderStatus(trx, order.id, {
      status: next.status,
      refundedCents: next.refundedCents,
      ...(next.paidNow ? { paidAt: now } : {}),
      card: decided.type === 'paid' ? decided.card : null,
      now,
    });
    for (const row of next.history) await recordOrderHistory(trx, order.id, row.status, row.note, now);
    // A discount code's use is counted with the payment that spends it, and given back with the order that cannot.
    if (next.paidNow) await spendHeldUse(trx, order.id);
    else if (next.status === 'canceled') await releaseUse(trx, order.id);
    // The invoice is numbered with the payment, a credit note with the refund: in this transaction, so never twice.
    const taxChange =
      next.paidNow || (order.paid_at !== null && next.refundedCents > order.refunded_cents)
        ? {
            orderId: order.id,
            paidNow: next.paidNow,
            refundedBefore: order.refunded_cents,
            refundedAfter: next.refundedCents,
          }
        : null;
    if (taxChange)
      await issueTaxDocuments(trx, { tax: deps.config.tax, storeName: deps.config.storeName }, { ...taxChange, now });
    const mails = await queueLifecycleMails(deps, trx, order.id, next.mails);
    return { outcome: 'changed' as const, mailIds: mails, paidNow: next.paidNow ? order.id : null, taxChange };
  });
  await deps.mail.deliverQueued(mailIds);
  if (taxChange)
    await recordTaxWithCalculator(deps, taxChange).catch((error: unknown) =>
      deps.log.error({ err: error, orderId: taxChange.orderId }, 'Stripe Tax did not record the sale or refund'),
    );
  // After the commit, and never failing the event: the payment is recorded whatever becomes of the files' queue.
  if (paidNow !== null) {
    await deps.onPaid?.(paidNow).catch((error: unknown) => deps.log.warn({ err: error }, 'print packs not queued'));
  }
  return outcome;
}
