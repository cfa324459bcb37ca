import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '#client/lib/api-client.ts';
import { orderSearchParams, type OrderFilters } from '../order-filters';
import { adminOrdersApi } from './order-admin-api';

/** Under one prefix, so a refund refreshes the lists, the order and the sales figures together. */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (filters: OrderFilters) => ['admin', 'orders', 'list', orderSearchParams(filters).toString()] as const,
  detail: (orderNumber: string) => ['admin', 'orders', 'detail', orderNumber] as const,
  sales: ['admin', 'orders', 'sales'] as const,
};

// Orders move with every payment, refund and dispute: the owner sees what the server says now.
const LIVE = { staleTime: 0 } as const;

export function adminOrdersQuery(filters: OrderFilters) {
  return queryOptions({
    queryKey: adminOrderKeys.list(filters),
    queryFn: ({ signal }) => adminOrdersApi.list(filters, signal),
    ...LIVE,
  });
}

export function adminOrderQuery(orderNumber: string) {
  return queryOptions({
    queryKey: adminOrderKeys.detail(orderNumber),
    queryFn: ({ signal }) => adminOrdersApi.get(orderNumber, signal),
    ...LIVE,
    // An order that does not exist will not exist a second later either.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

export const salesSummaryQuery = queryOptions({
  queryKey: adminOrderKeys.sales,
  queryFn: ({ signal }) => adminOrdersApi.sales(signal),
  ...LIVE,
});

export function useAdminOrders(filters: OrderFilters) {
  // While the next page or filter loads, the current rows stay instead of a blank table.
  return useQuery({ ...adminOrdersQuery(filters), placeholderData: keepPreviousData });
}

export const useAdminOrder = (orderNumber: string) => useQuery(adminOrderQuery(orderNumber));
export const useSalesSummary = () => useQuery(salesSummaryQuery);
