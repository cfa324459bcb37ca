import type { OrderRow } from '../../db/schema';
import { cardLabel } from '../../providers/payments/payment-method-label';

/**
 * How an order is paid, in words, for its buyer, its receipt and the owner: the method's label recorded with the
 * payment ("Apple Pay (Visa ••4242)", "iDEAL (ING)"), or, for an order paid before labels were kept, its card.
 */
export function paymentMethodText(
  order: Pick<OrderRow, 'payment_method_label' | 'card_brand' | 'card_last4'>,
): string | null {
  if (order.payment_method_label) return order.payment_method_label;
  return order.card_brand ? cardLabel(order.card_brand, order.card_last4) : null;
}
