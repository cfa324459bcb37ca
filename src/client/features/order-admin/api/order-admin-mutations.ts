import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminOrdersApi } from './order-admin-api';
import { adminOrderKeys } from './order-admin-queries';

export function refundOrderMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ orderNumber, amount, requestId }: { orderNumber: string; amount?: number; requestId: string }) =>
      adminOrdersApi.refund(orderNumber, amount, requestId),
    // The answer is the refunded order: shown at once; the lists and the sales figures are asked for again.
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminOrderKeys.detail(detail.orderNumber), detail);
      await queryClient.invalidateQueries({
        queryKey: adminOrderKeys.all,
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    },
    // A 409 may mean a webhook changed the order meanwhile (a dispute, a refund from Stripe's dashboard).
    onError: (_error, { orderNumber }) =>
      queryClient.invalidateQueries({ queryKey: adminOrderKeys.detail(orderNumber) }),
  });
}

export const useRefundOrder = () => useMutation(refundOrderMutation(useQueryClient()));
