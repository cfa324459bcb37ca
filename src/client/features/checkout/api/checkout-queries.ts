import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutApi } from './checkout-api';

/**
 * Which card form to show (the test provider's or Stripe's: it changes only when the server restarts), and the demo's
 * code the test-mode note names, which the owner may switch off: asked again after a minute.
 */
export const paymentsConfigQuery = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: ({ signal }) => checkoutApi.paymentsConfig(signal),
  staleTime: 60_000,
});

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery);
}
