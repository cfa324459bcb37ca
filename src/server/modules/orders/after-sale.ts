import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../../shared/checkout';
import type { Database, OrderRow } from '../../db/schema';
import { storeSettingsOf } from '../settings/service';
import { refundMessage } from './refund-email';
import { lockOrderByIntent, recordOrderHistory, recordPaymentEvent, setOrderStatus } from './repository';
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
 * from wherever it comes (the owner's Refund button, the provider's event); the customer is told once per refund:
 * the e-mail is queued in the same transaction, keyed by the order and the new total.
 * The order is locked while its status is decided, so a payment or dispute arriving at once waits its turn.
 */
export async function applyRefundTotal(deps: OrderDeps, paymentIntentId: string, totalRefunded: number, eventId?: string): Promise<void> {
  const now = new Date();
  const mailId = await deps.db.transaction().execute(async (trx) => {
    if (eventId && !(await recordPaymentEvent(trx, { id: eventId, type: 'charge.refunded', paymentIntentId, now }))) return null;
    const order = await lockOrderByIntent(trx, paymentIntentId);
    if (!order || totalRefunded <= order.refunded_cents) return null;
    // Reported before the payment itself: the amount is kept, and the payment decides the status when it arrives.
    // During a dispute the order stays disputed; the dispute's end decides.
    const status = order.status === 'disputed' || UNPAID.includes(order.status) ? order.status : statusAfterRefunds(order, totalRefunded);
    await setOrderStatus(trx, order.id, { status, refundedCents: totalRefunded, now });
    await recordOrderHistory(trx, order.id, status, `Refunded ${totalRefunded - order.refunded_cents} cents (total ${totalRefunded})`, now);
    // Before the payment itself (unpaid) there is nothing to tell the customer yet.
    if (UNPAID.includes(status)) return null;
    return queueRefundEmail(deps, trx, { ...order, status, refunded_cents: totalRefunded }, totalRefunded - order.refunded_cents);
  });
  // Tried after the commit, as the receipt is; a failure is logged and left to the queue's retries.
  if (mailId !== null) await deps.mail.deliverQueued([mailId]);
}

/**
 * Queues the customer's e-mail for a refund that brought the order's total refunded to `order.refunded_cents`,
 * keyed by that total: the owner's button, the provider's event and a payment that arrives after its refund may
 * each ask for it, and the customer is told once.
 */
export function queueRefundEmail(deps: OrderDeps, db: Kysely<Database>, order: OrderRow, amountCents: number): Promise<number | undefined> {
  const message = refundMessage({ config: deps.config, settings: storeSettingsOf(deps.config) }, order, amountCents);
  return deps.mail.enqueue(db, { ...message, kind: 'refund', ref: order.order_number }, { key: `refund:${order.order_number}:${order.refunded_cents}`, deliverHere: true });
}

/**
 * A dispute opened: the downloads stop at once. Also when it is reported before the payment itself: the payment,
 * arriving later, then records the money but leaves the order disputed.
 */
export async function openDispute(deps: OrderDeps, paymentIntentId: string, eventId: string): Promise<void> {
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await recordPaymentEvent(trx, { id: eventId, type: 'charge.dispute.created', paymentIntentId, now }))) return;
    const order = await lockOrderByIntent(trx, paymentIntentId);
    if (!order || order.status === 'disputed') return;
    await setOrderStatus(trx, order.id, { status: 'disputed', now });
    await recordOrderHistory(trx, order.id, 'disputed', 'The customer disputed the payment with their bank', now);
  });
}

/**
 * Closed in the store's favour (won, or an inquiry that never became a chargeback), the order is what its
 * refunds make it; lost, the bank took the money back, which counts as a full refund.
 */
export async function closeDispute(deps: OrderDeps, paymentIntentId: string, won: boolean, eventId: string): Promise<void> {
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await recordPaymentEvent(trx, { id: eventId, type: 'charge.dispute.closed', paymentIntentId, now }))) return;
    const order = await lockOrderByIntent(trx, paymentIntentId);
    if (!order || order.status !== 'disputed') return;
    // Never paid as far as this store knows (the payment's own event is still to come): it decides then.
    const status = !won ? 'refunded' : order.paid_at ? statusAfterRefunds(order, order.refunded_cents) : 'pending';
    await setOrderStatus(trx, order.id, { status, now, ...(won ? {} : { refundedCents: order.amount_cents }) });
    await recordOrderHistory(trx, order.id, status, won ? 'Dispute closed in the store’s favour' : 'Dispute lost: the bank returned the payment', now);
  });
}
