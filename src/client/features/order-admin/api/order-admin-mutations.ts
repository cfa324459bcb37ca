import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';
import { adminOrdersApi } from './order-admin-api';
import { adminOrderKeys } from './order-admin-queries';

/** The answer is the refunded order: shown at once; the lists and the sales figures are asked for again. */
async function showRefunded(queryClient: QueryClient, detail: AdminOrderDetail) {
  queryClient.setQueryData(adminOrderKeys.detail(detail.orderNumber), detail);
  await queryClient.invalidateQueries({
    queryKey: adminOrderKeys.all,
    predicate: (query) => query.queryKey[2] !== 'detail',
  });
}

export function refundOrderMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ orderNumber, amount, requestId }: { orderNumber: string; amount?: number; requestId: string }) =>
      adminOrdersApi.refund(orderNumber, amount, requestId),
    onSuccess: (detail) => showRefunded(queryClient, detail),
    // A 409 may mean a webhook changed the order meanwhile (a dispute, a refund from Stripe's dashboard).
    onError: (_error, { orderNumber }) =>
      queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderNumber) }),
  });
}

export const useRefundOrder = () => useMutation(refundOrderMutation(useQueryClient()));

/** The refund of one line or set (decision 0071): the answer is the order with those lines refunded. */
export function refundLineMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ orderNumber, target }: { orderNumber: string; target: { itemId: number } | { setId: number } }) =>
      adminOrdersApi.refundLine(orderNumber, target),
    onSuccess: (detail) => showRefunded(queryClient, detail),
    onError: (_error, { orderNumber }) =>
      queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderNumber) }),
  });
}

export const useRefundLine = () => useMutation(refundLineMutation(useQueryClient()));
