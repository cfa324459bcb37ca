import { FormMessage } from '../../../components/ui/form-message';
import { ApiError } from '../../../lib/api-client';
import { useAdminOrder } from '../api/admin-orders-queries';
import { OrderDetail } from './order-detail';

/** An order by its number: loading, not found, failed, or its detail. */
export function AdminOrderView({ orderNumber }: { orderNumber: string }) {
  const order = useAdminOrder(orderNumber);
  if (order.isPending) return <p className="muted">Loading...</p>;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return <FormMessage kind="error">{missing ? `Order ${orderNumber} was not found.` : 'Failed to load the order. Please try again.'}</FormMessage>;
  }
  return <OrderDetail order={order.data} />;
}
