import type { AdminOrderDetail, LineRefundBody } from '#shared/orders/owner-orders-schema.ts';
import { canRefund } from '#shared/orders/order-lifecycle.ts';
import { FREE_ORDER_MESSAGES, FREE_ORDER_PROVIDER } from '#shared/orders/free-order.ts';
import { ConflictError, NotFoundError } from '../../errors';
import { findOrderByNumber } from './admin-repository';
import { getOrderDetail } from './admin-service';
import { askLineRefund, chargedCents, lineKeyOf, withdrawLineRefund } from './line-refunds';
import type { OrderDeps } from './order-deps';
import { refundThroughProvider } from './provider-refund';
import { findOrderItems } from './repository';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** The lines the owner names: an artwork bought on its own, or every line of a set bought whole. */
async function linesOf(deps: Pick<OrderDeps, 'db'>, orderId: number, body: LineRefundBody) {
  const items = await findOrderItems(deps.db, [orderId]);
  if (body.itemId !== undefined) {
    const item = items.find((line) => line.id === body.itemId);
    if (!item) throw new NotFoundError(`itemId: this order has no line ${body.itemId}.`);
    // A set's price is split over its pieces (decision 0067): it is refunded whole, as it was sold.
    if (item.set_id !== null)
      throw new ConflictError(`itemId: this line is a piece of set ${item.set_id}; refund the set (setId) instead.`);
    return { key: lineKeyOf({ itemId: item.id }), lines: [item] };
  }
  const setId = body.setId!;
  const lines = items.filter((line) => line.set_id === setId);
  if (lines.length === 0) throw new NotFoundError(`setId: this order has no set ${setId}.`);
  return { key: lineKeyOf({ setId }), lines };
}

/**
 * The owner's refund of one line (decision 0071): exactly what the buyer paid for those lines (after the discount,
 * with their tax) is paid back by the provider, once, and applied through the order's lifecycle, which marks the
 * lines refunded, ends their downloads and certificates and issues their credit note (apply-order-event.ts).
 *
 * Once: the ask is a row unique per order and line, made before the provider is asked, so a double click or two
 * instances make one row; the provider's idempotency key is that row's, so asking it again refunds nothing more.
 * A line refunded already answers the order as it is.
 */
export async function refundLine(
  deps: OrderDeps,
  orderNumber: string,
  body: LineRefundBody,
  now = new Date(),
): Promise<AdminOrderDetail> {
  const order = await findOrderByNumber(deps.db, orderNumber);
  if (!order) throw new NotFoundError('Order not found');
  if (order.provider === FREE_ORDER_PROVIDER) throw new ConflictError(FREE_ORDER_MESSAGES.cannotRefund);
  const { key, lines } = await linesOf(deps, order.id, body);
  if (lines.some((line) => line.line_refund_id !== null)) return getOrderDetail(deps, orderNumber);
  if (!canRefund(order.status) || !order.payment_intent_id) {
    throw new ConflictError(`An order that is ${order.status.replace('_', ' ')} cannot be refunded.`);
  }
  const amount = chargedCents(lines);
  if (amount <= 0) throw new ConflictError('Nothing was paid for this line, so there is nothing to refund.');
  const left = order.amount_cents - order.refunded_cents;
  if (amount > left)
    throw new ConflictError(
      `This line was ${money(amount, order.currency)}, but only ${money(left, order.currency)} is left to refund on this order.`,
    );
  const asked = await askLineRefund(deps.db, {
    orderId: order.id,
    lineKey: key,
    itemIds: lines.map((line) => line.id),
    amountCents: amount,
    now,
  });
  if (asked.applied_at !== null) return getOrderDetail(deps, orderNumber);
  await refundThroughProvider(
    deps,
    { refunded_cents: order.refunded_cents, payment_intent_id: order.payment_intent_id },
    asked.amount_cents,
    `line-refund-${order.order_number}-${asked.line_key}`,
    () => withdrawLineRefund(deps.db, asked.id),
  );
  return getOrderDetail(deps, orderNumber);
}
