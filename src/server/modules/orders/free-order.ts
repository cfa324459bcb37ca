import type { Customer } from '#shared/accounts/customer.ts';
import type { CreatePaymentIntentBody, OrderSummary } from '#shared/orders/checkout-schema.ts';
import { FREE_ORDER_PROVIDER, isFreeTotal } from '#shared/orders/free-order.ts';
import type { OrderRow } from '../../db/schema';
import { ConflictError } from '../../errors';
import { applyOrderEvent } from './apply-order-event';
import { openPendingOrder, priceOrderCart } from './open-pending-order';
import type { OrderDeps } from './order-deps';
import { orderSummariesOf } from './order-summaries';
import { findOrderById, findPaidFreeOrderForCart } from './repository';

const summaryOf = async (deps: OrderDeps, order: OrderRow) => (await orderSummariesOf(deps, [order]))[0]!;

/**
 * POST /api/orders/free: a cart the server prices at $0.00 (a 100 % code, or an amount-off code covering it) is
 * completed without a card. It is made exactly as a card checkout's order (open-pending-order.ts: one pending order
 * per customer and cart, its limited code held, or the order canceled and a 400 naming `code`), then paid through
 * the lifecycle with no payment: the receipt, the code's use and the buyer's print packs follow as for any payment.
 * A total other than 0 is a 400 naming `items`. Asked again for the same cart, it answers the order already made.
 */
export async function completeFreeOrder(
  deps: OrderDeps,
  customer: Customer,
  body: CreatePaymentIntentBody,
): Promise<OrderSummary> {
  const cart = await priceOrderCart(deps, customer, body, 'free');
  const done = await findPaidFreeOrderForCart(deps.db, customer.userId, cart.cartKey);
  if (done) return summaryOf(deps, done);
  const order = await openPendingOrder(deps, customer, body, cart, FREE_ORDER_PROVIDER);
  if (!order) {
    // A request of the same buyer completed it a moment ago.
    const completed = await findPaidFreeOrderForCart(deps.db, customer.userId, cart.cartKey);
    if (completed) return summaryOf(deps, completed);
    throw new ConflictError('Your order changed while it was being created. Please try again.');
  }
  // A double click: the other request may have paid this cart's order between the check above and the making of
  // this one (that order had left "pending", so the one-pending-order-per-cart index let this one in). Its payment
  // committed before this order's insert could pass that index, so it is seen here: this order is let go (its code
  // hold with it) and the buyer is answered the one already paid. bench:checkout caught one such pair in 1,000 on
  // PostgreSQL, each request answering its own paid order.
  const paidMeanwhile = await findPaidFreeOrderForCart(deps.db, customer.userId, cart.cartKey);
  if (paidMeanwhile && paidMeanwhile.id !== order.id) {
    await applyOrderEvent(deps, { orderId: order.id }, { type: 'canceled' }, { now: cart.now });
    return summaryOf(deps, paidMeanwhile);
  }
  // Decided on the locked row: only an order made free is completed without a payment, and only once.
  await applyOrderEvent(
    deps,
    { orderId: order.id },
    (locked) =>
      locked.provider === FREE_ORDER_PROVIDER && isFreeTotal(locked.amount_cents)
        ? { type: 'paid', card: null, free: true }
        : null,
    { now: cart.now },
  );
  const paid = await findOrderById(deps.db, order.id);
  if (!paid?.paid_at) throw new ConflictError('This order could not be completed. Please check out again.');
  return summaryOf(deps, paid);
}
