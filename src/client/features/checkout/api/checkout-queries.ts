import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutApi } from './checkout-api';

/** Which card form to show: the test provider's or Stripe's. It changes only when the server restarts. */
export const paymentsConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => checkoutApi.paymentsConfig(signal),
  staleTime: Infinity,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery);
}
