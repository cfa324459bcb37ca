import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useAdminOrder } from '../api/order-admin-queries';
import { OrderDetail } from './order-detail';

/** An order by its number: loading, not found, failed, or its detail. */
export function AdminOrderView({ orderNumber }: { orderNumber: string }) {
  const order = useAdminOrder(orderNumber);
  if (order.isPending) return <p className="muted">Loading...</p>;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <FormMessage kind="error">
        {missing ? `Order ${orderNumber} was not found.` : 'Failed to load the order. Please try again.'}
      </FormMessage>
    );
  }
  return <OrderDetail order={order.data} />;
}
