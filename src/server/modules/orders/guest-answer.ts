import type { Customer } from '#shared/accounts/customer.ts';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { findOrderByNumber } from './admin-repository';
import { guestLibraryUrl } from './guest-link';
import type { OrderDeps } from './order-deps';

/**
 * A guest's paid order answered to the guest carries its library's signed link, so the success screen can show the
 * downloads at once (the receipt brings the same link).
 */
export async function withGuestLink(deps: OrderDeps, customer: Customer, summary: OrderSummary): Promise<OrderSummary> {
  if (customer.userId !== null || !summary.paidAt || !deps.guestLinkSecret) return summary;
  const order = await findOrderByNumber(deps.db, summary.orderNumber);
  if (!order || order.user_id !== null) return summary;
  return { ...summary, guestLink: await guestLibraryUrl(deps.config.publicUrl, deps.guestLinkSecret, order) };
}
