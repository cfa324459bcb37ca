import type { OrderEvent, Transition } from '#shared/orders/order-lifecycle.ts';
import type { OrderRow } from '../../db/schema';
import type { OrderDomainEvent } from '../../events/domain-events';

/** What the other modules are told of a change the lifecycle decided: what happened, then what it did to the money. */
export function domainEventsOf(
  order: OrderRow,
  event: OrderEvent,
  next: Transition,
  /** The lines refunded on their own with this change (line-refunds.ts). */
  refundedItemIds: readonly number[] = [],
): OrderDomainEvent[] {
  const orderId = order.id;
  const events: OrderDomainEvent[] = [];
  if (next.paidNow) events.push({ type: 'order.paid', orderId, refundedCents: next.refundedCents });
  if (event.type === 'dispute_opened') events.push({ type: 'order.disputed', orderId });
  if (event.type === 'dispute_won') events.push({ type: 'order.dispute-won', orderId });
  if (event.type === 'dispute_lost') events.push({ type: 'order.dispute-lost', orderId });
  if (next.status === 'canceled' && order.status !== 'canceled')
    events.push({ type: 'order.canceled', orderId, reason: event.type === 'expired' ? 'expired' : 'canceled' });
  // A refund reported before the payment is told with the payment (order.paid's refundedCents).
  if (order.paid_at !== null && next.refundedCents > order.refunded_cents)
    events.push({
      type: 'order.refunded',
      orderId,
      refundedBefore: order.refunded_cents,
      refundedAfter: next.refundedCents,
      ...(refundedItemIds.length > 0 ? { itemIds: [...refundedItemIds] } : {}),
    });
  return events;
}
