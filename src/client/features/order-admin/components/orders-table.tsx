import { DELETED_ACCOUNT_LABEL } from '#shared/accounts/account.ts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { shownOrderNumber, ORDER_STATUSES, type OrderStatus } from '#shared/orders/checkout.ts';
import { isFreeTotal } from '#shared/orders/free-order.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ORDER_STATUS_LABELS, OrderStatusBadge } from '#client/components/ui/order-status-badge.tsx';
import { formatLongDateTime } from '#client/lib/order-dates.ts';
import { formatMoneyCents } from '#shared/money/money.ts';
import { orderSearchParams, pageCount, readOrderFilters, type OrderFilters } from '../order-filters';
import { useAdminOrders } from '../api/order-admin-queries';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';
import { SearchField, SelectField } from '#client/components/ui/filter-fields.tsx';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

/** The owner's orders: search by e-mail or order number, a state filter and pages, kept in the address. */
export function OrdersTable() {
  const [params, setParams] = useSearchParams();
  const filters = readOrderFilters(params);
  const orders = useAdminOrders(filters);
  const [search, setSearch] = useState(filters.q);
  // Back and Forward change the address under the box: it follows (React's 'adjusting state on a prop change').
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setSearch(filters.q);
  }
  const show = (next: Partial<OrderFilters>) => setParams(orderSearchParams({ ...filters, page: 1, ...next }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ q: search.trim() });
  };

  return (
    <section className="admin-orders" aria-labelledby="admin-orders-heading">
      <h2 id="admin-orders-heading">Orders</h2>
      <form className="dashboard__filters" role="search" onSubmit={submit}>
        <SearchField label="Search orders" placeholder="E-mail or order number" value={search} onChange={setSearch} />
        <button type="submit" className="button">
          Search
        </button>
        <SelectField
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(value) => show({ status: value as OrderStatus | 'all' })}
        />
      </form>

      {orders.isPending && <p className="muted">Loading...</p>}
      {orders.isError && <FormMessage kind="error">Failed to load orders. Please try again.</FormMessage>}
      {orders.data && (
        <>
          <p className="muted" aria-live="polite">
            {orders.data.total === 1 ? '1 order' : `${orders.data.total} orders`}
          </p>
          {orders.data.items.length === 0 ? (
            <div className="empty-state">
              <h3>No orders found</h3>
              <p className="muted">
                {filters.q || filters.status !== 'all'
                  ? 'No order matches these filters.'
                  : 'Orders appear here once customers check out.'}
              </p>
            </div>
          ) : (
            <div className="table-wrap">
              <table className="admin-table admin-orders__table">
                <ColumnHeads columns={['Order', 'Date', 'Customer', 'Items', 'Total', 'Status']} />
                <tbody>
                  {orders.data.items.map((order) => (
                    <tr key={order.orderNumber}>
                      <td className="admin-orders__number">
                        <Link to={`/admin/orders/${encodeURIComponent(order.orderNumber)}`}>{order.orderNumber}</Link>
                        {order.paymentIntentId && (
                          <div className="muted">#{shownOrderNumber(order.paymentIntentId)}</div>
                        )}
                      </td>
                      <td>{formatLongDateTime(order.createdAt)}</td>
                      <td className="admin-orders__customer">
                        {order.accountDeleted ? (
                          <span className="muted">{DELETED_ACCOUNT_LABEL}</span>
                        ) : (
                          order.customerEmail
                        )}
                        {order.customerName && <div className="muted">{order.customerName}</div>}
                      </td>
                      <td>{order.itemCount}</td>
                      <td>
                        {/* Each in what it was charged in: the store's currency may have changed since. */}
                        {formatMoneyCents(order.amount, order.currency)}
                        {isFreeTotal(order.amount) && <div className="muted">Free</div>}
                        {order.refunded > 0 && (
                          <div className="muted">−{formatMoneyCents(order.refunded, order.currency)} refunded</div>
                        )}
                      </td>
                      <td>
                        <OrderStatusBadge status={order.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            label="Order pages"
            page={filters.page}
            pageCount={pageCount(orders.data.total, orders.data.pageSize)}
            onChange={(page) => show({ page })}
          />
        </>
      )}
    </section>
  );
}
