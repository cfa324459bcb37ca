import type { OrderSummary } from '../../../../shared/checkout';
import { fetchJson, postJson } from '../../../lib/api-client';

export const ordersApi = {
  /** An account's orders, every state, lines as sold; the server answers only for the account's own address or the owner. */
  byEmail: (email: string, signal?: AbortSignal) =>
    fetchJson<{ orders: OrderSummary[] }>(`/api/orders/${encodeURIComponent(email)}`, { signal }),
  resendReceipt: (orderNumber: string) => postJson<{ message: string }>(`/api/orders/${encodeURIComponent(orderNumber)}/receipt`, {}),
};
