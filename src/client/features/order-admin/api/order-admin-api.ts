import type { AdminOrderDetail, AdminOrderList, SalesSummary } from '#shared/orders/owner-orders-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';
import { orderSearchParams, type OrderFilters } from '../order-filters';

const orderPath = (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}`;

export const adminOrdersApi = {
  list: (filters: OrderFilters, signal?: AbortSignal) =>
    fetchJson<AdminOrderList>(`/api/admin/orders?${orderSearchParams(filters).toString()}`, { signal }),
  get: (orderNumber: string, signal?: AbortSignal) => fetchJson<AdminOrderDetail>(orderPath(orderNumber), { signal }),
  /** Cents; without an amount the server refunds whatever is left of the payment. */
  refund: (orderNumber: string, amount: number | undefined, requestId: string) =>
    postJson<AdminOrderDetail>(`${orderPath(orderNumber)}/refund`, {
      requestId,
      ...(amount === undefined ? {} : { amount }),
    }),
  /** One line alone (decision 0071): an artwork's line, or a set's lines; the server refunds what they were charged. */
  refundLine: (orderNumber: string, target: { itemId: number } | { setId: number }) =>
    postJson<AdminOrderDetail>(`${orderPath(orderNumber)}/refund-line`, target),
  /** A guest order's library link: withdrawn, or a new one made (the old ones stop working). */
  guestLink: (orderNumber: string, action: 'revoke' | 'reissue') =>
    postJson<{ guestLink: string | null }>(`${orderPath(orderNumber)}/guest-link`, { action }),
  sales: (signal?: AbortSignal) => fetchJson<SalesSummary>('/api/admin/sales', { signal }),
};
