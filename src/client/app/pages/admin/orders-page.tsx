import { Link } from 'react-router';
import { SITE_PAGES } from '#shared/site-pages.ts';
import { OrdersTable } from '#client/features/admin/components/orders-table.tsx';
import { SalesSummaryPanel } from '#client/features/admin/components/sales-summary.tsx';
import { AdminHeader } from './admin-header';

/** The owner's sales figures, then every order to search, filter and open. */
export default function AdminOrdersPage() {
  return (
    <div className="page admin-page">
      <AdminHeader title={SITE_PAGES['/admin/orders'].title}>
        <Link className="button" to="/">
          Back to Site
        </Link>
        <Link className="button" to="/admin/dashboard">
          Manage Listings
        </Link>
        <Link className="button" to="/admin/discounts">
          Discounts
        </Link>
        <Link className="button" to="/admin/tax">
          Taxes
        </Link>
      </AdminHeader>
      <SalesSummaryPanel />
      <OrdersTable />
    </div>
  );
}
