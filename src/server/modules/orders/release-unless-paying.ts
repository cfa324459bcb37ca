import { AWAITING_PAYMENT } from '../../providers/payments/payment-provider';
import { applyOrderEvent } from './apply-order-event';
import type { OrderDeps } from './order-deps';
import { findOrderById } from './repository';

/**
 * Lets an open order with a held code use go, unless its payment is under way. A checkout still waiting for a
 * payment method (or for the page to confirm one) is canceled through the lifecycle: its hold is given back in that
 * transaction (discounts' listener) and its intent canceled after the commit (orders' listener), so its discounted
 * price can no longer be charged. A checkout at a bank's step or settling (requires_action, processing), or paid at
 * the provider with the word still on its way, keeps its hold: the buyer is paying. Should a buyer still pay between
 * this look and the cancel, the payment is kept and the use counted (discounts/spend-code-use.ts).
 */
export async function releaseUnlessPaying(deps: OrderDeps, orderId: number, now: Date): Promise<'kept' | 'released'> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) return 'released';
  const intent = order.payment_intent_id ? await deps.payments.retrieveIntent(order.payment_intent_id) : null;
  if (intent && !AWAITING_PAYMENT.includes(intent.status) && intent.status !== 'canceled') return 'kept';
  await applyOrderEvent(deps, { orderId }, { type: 'canceled' }, { now });
  return 'released';
}
