import type { MessageResponse } from '#shared/accounts/auth-schema.ts';
import type { OrderList } from '#shared/orders/checkout-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

export const ordersApi = {
  /** An account's orders, every state, lines as sold; the server answers only for the account's own address or the owner. */
  byEmail: (email: string, signal?: AbortSignal) =>
    fetchJson<OrderList>(`/api/orders/${encodeURIComponent(email)}`, { signal }),
  resendReceipt: (orderNumber: string) =>
    postJson<MessageResponse>(`/api/orders/${encodeURIComponent(orderNumber)}/receipt`, {}),
};
