import type { OrderStatus } from '../../../shared/checkout';
import type { OrderRow } from '../../db/schema';
import { storeSettingsOf } from '../settings/service';
import { refundMessage } from './refund-email';
import { findOrderByIntent, raiseRefundedTotal, recordOrderHistory, recordPaymentEvent, setDisputeState } from './repository';
import type { OrderDeps } from './service';

const UNPAID: readonly OrderStatus[] = ['pending', 'failed', 'canceled'];

/**
 * The status a paid order has for what was paid back: all of it revokes the downloads ('refunded'); part of it
 * keeps them ('partially_refunded': a goodwill refund on a faulty file should not take the print away).
 */
export function statusAfterRefunds(order: Pick<OrderRow, 'amount_cents'>, refundedCents: number): OrderStatus {
  if (refundedCents >= order.amount_cents) return 'refunded';
  return refundedCents > 0 ? 'partially_refunded' : 'paid';
}

/**
 * A refund as the provider reports it: the total paid back on the payment so far. Applied once however often and
 * from wherever it comes (the owner's Refund button, the provider's event); the customer is told once per refund.
 */
export async function applyRefundTotal(deps: OrderDeps, paymentIntentId: string, totalRefunded: number, eventId?: string): Promise<void> {
  const now = new Date();
  const refunded = await deps.db.transaction().execute(async (trx) => {
    if (eventId && !(await recordPaymentEvent(trx, { id: eventId, type: 'charge.refunded', paymentIntentId, now }))) return null;
    const order = await findOrderByIntent(trx, paymentIntentId);
    if (!order || totalRefunded <= order.refunded_cents) return null;
    // Reported before the payment itself: keep the amount; fulfilment then gives the order its refunded status.
    const status =
      order.status === 'disputed' || UNPAID.includes(order.status) ? order.status : statusAfterRefunds(order, totalRefunded);
    if (!(await raiseRefundedTotal(trx, order.id, totalRefunded, status, now))) return null;
    await recordOrderHistory(trx, order.id, status, `Refunded ${totalRefunded - order.refunded_cents} cents (total ${totalRefunded})`, now);
    return { order: { ...order, status, refunded_cents: totalRefunded }, amount: totalRefunded - order.refunded_cents };
  });
  if (!refunded || UNPAID.includes(refunded.order.status)) return;
  try {
    await deps.mail.send(refundMessage({ config: deps.config, settings: storeSettingsOf(deps.config) }, refunded.order, refunded.amount));
  } catch (error) {
    deps.log.error({ err: error, orderId: refunded.order.id }, 'refund e-mail could not be sent');
  }
}

/** A dispute opened: the downloads stop at once; the status before it is kept to return to if the store wins. */
export async function openDispute(deps: OrderDeps, paymentIntentId: string, eventId: string): Promise<void> {
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await recordPaymentEvent(trx, { id: eventId, type: 'charge.dispute.created', paymentIntentId, now }))) return;
    const order = await findOrderByIntent(trx, paymentIntentId);
    if (!order || !['paid', 'partially_refunded', 'refunded'].includes(order.status)) return;
    if (await setDisputeState(trx, order.id, [order.status], { status: 'disputed', statusBeforeDispute: order.status, now })) {
      await recordOrderHistory(trx, order.id, 'disputed', 'The customer disputed the payment with their bank', now);
    }
  });
}

/** Won, the order is as it was; lost, the bank took the money back, which counts as a full refund. */
export async function closeDispute(deps: OrderDeps, paymentIntentId: string, won: boolean, eventId: string): Promise<void> {
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await recordPaymentEvent(trx, { id: eventId, type: 'charge.dispute.closed', paymentIntentId, now }))) return;
    const order = await findOrderByIntent(trx, paymentIntentId);
    if (!order || order.status !== 'disputed') return;
    const status = won ? (order.status_before_dispute ?? 'paid') : 'refunded';
    const changes = { status, statusBeforeDispute: null, now, ...(won ? {} : { refundedCents: order.amount_cents }) };
    if (await setDisputeState(trx, order.id, ['disputed'], changes)) {
      await recordOrderHistory(trx, order.id, status, won ? 'Dispute closed in the store’s favour' : 'Dispute lost: the bank returned the payment', now);
    }
  });
}
