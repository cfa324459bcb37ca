import { useState, type FormEvent, type ReactNode } from 'react';
import type { OrderLine, OrderSummary } from '#shared/orders/checkout-schema.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { formatLongDate } from '#client/lib/order-dates.ts';
import { useOrdersByEmail } from '../api/orders-queries';
import { lookupErrorText } from '../order-lookup-error';
import { OrderCard } from './order-card';

interface OrdersLookupProps {
  /** The artwork's facts the sale did not keep (format, dimensions, downloads), from the page that knows them. */
  lineFacts: (line: OrderLine) => ReactNode;
  /** What a line offers (the orders test's download button). */
  lineAction: (order: OrderSummary, line: OrderLine) => ReactNode;
}

/** The orders test: an e-mail, 'Fetch Orders', and that address's orders with each line's facts. */
export function OrdersLookup({ lineFacts, lineAction }: OrdersLookupProps) {
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const orders = useOrdersByEmail(email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === email) void orders.refetch();
    else setEmail(draft.trim());
  };

  return (
    <>
      <form className="orders-lookup__form" onSubmit={submit}>
        <label className="field field--grow">
          <span className="field__label">Email</span>
          <input
            type="email"
            name="email"
            required
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={orders.isFetching}>
          {orders.isFetching ? 'Fetching...' : 'Fetch Orders'}
        </button>
      </form>
      {email !== '' && orders.isError && <FormMessage kind="error">{lookupErrorText(orders.error)}</FormMessage>}
      {email !== '' && orders.isSuccess && orders.data.length === 0 && (
        <p className="orders-lookup__empty">No orders found for this email address</p>
      )}
      {orders.isSuccess && orders.data.length > 0 && (
        <div className="order-list" aria-live="polite">
          {orders.data.map((order) => (
            <OrderCard
              key={order.orderNumber}
              order={order}
              lineExtras={(line) => (
                <div className="orders-lookup__facts">
                  {lineFacts(line)}
                  <span>Purchased {formatLongDate(order.paidAt ?? order.createdAt)}</span>
                  {lineAction(order, line)}
                </div>
              )}
            />
          ))}
        </div>
      )}
    </>
  );
}
