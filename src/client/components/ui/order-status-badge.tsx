import type { OrderStatus } from '#shared/orders/checkout.ts';

/** What each state of an order is called on the customer's and the owner's screens. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Completed',
  failed: 'Failed',
  canceled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  disputed: 'Disputed',
};

/** An order's state as a coloured badge; `label` lets a screen say less (downloads call a partial refund 'Completed'). */
export function OrderStatusBadge({
  status,
  label = ORDER_STATUS_LABELS[status],
}: {
  status: OrderStatus;
  label?: string;
}) {
  return <span className={`badge order-status order-status--${status.replace('_', '-')}`}>{label}</span>;
}
