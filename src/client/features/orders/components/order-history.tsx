import { Link } from 'react-router';
import { canResendReceipt } from '#shared/orders/order-lifecycle.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useOrdersByEmail } from '../api/orders-queries';
import { OrderCard } from './order-card';
import { ResendReceipt } from './resend-receipt';

/** The order history: the signed-in account's orders, every state, newest first. */
export function OrderHistory({ email }: { email: string }) {
  const orders = useOrdersByEmail(email);
  if (orders.isPending) {
    return (
      <p className="muted" role="status">
        Loading your orders...
      </p>
    );
  }
  if (orders.isError) return <FormMessage kind="error">Failed to load orders. Please try again.</FormMessage>;
  if (orders.data.length === 0) {
    return (
      <div className="empty-state">
        <h2>No orders found for this account</h2>
        <Link className="button button--primary" to="/shop">
          Browse Artwork
        </Link>
      </div>
    );
  }
  return (
    <div className="order-list">
      {orders.data.map((order) => (
        <OrderCard
          key={order.orderNumber}
          order={order}
          actions={canResendReceipt(order) ? <ResendReceipt orderNumber={order.orderNumber} /> : undefined}
        />
      ))}
    </div>
  );
}
