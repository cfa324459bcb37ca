import { ORDER_STATUSES, type OrderStatus } from '#shared/orders/checkout.ts';

/** The owner's orders list as the address keeps it (?q=&status=&page=), so a reload or Back shows the same rows. */
export interface OrderFilters {
  q: string;
  status: OrderStatus | 'all';
  page: number;
}

const isStatus = (value: string | null): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

/** Reads the filters from the address; anything unknown falls back to all orders, first page. */
export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    status: isStatus(status) ? status : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The filters as query parameters, leaving out the defaults: for the address and for the API alike. */
export function orderSearchParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
