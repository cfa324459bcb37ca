import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-client.ts';
import { ordersApi } from './orders-api';

export const ordersKeys = {
  byEmail: (email: string) => ['orders', email.trim().toLowerCase()] as const,
};

export function ordersByEmailQuery(email: string) {
  return queryOptions({
    queryKey: ordersKeys.byEmail(email),
    queryFn: ({ signal }) => ordersApi.byEmail(email.trim(), signal),
    select: (data) => data.orders,
    // Orders change with payments, refunds and disputes: what the server says now, on every visit.
    staleTime: 0,
    // A refusal (not signed in, someone else's address) will not change by asking again; a dropped connection may.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

/** The orders of an address; nothing is asked while it is empty (the orders test before 'Fetch Orders'). */
export function useOrdersByEmail(email: string) {
  return useQuery({ ...ordersByEmailQuery(email), enabled: email.trim() !== '' });
}
