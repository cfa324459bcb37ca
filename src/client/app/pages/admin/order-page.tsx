import { Link, useParams } from 'react-router';
import { SITE_PAGES } from '#shared/site-pages.ts';
import { AdminOrderView } from '#client/features/admin/components/admin-order-view.tsx';
import { AdminHeader } from './admin-header';

/** One order for the owner: payment, history, download log and Refund. */
export default function AdminOrderPage() {
  const { orderNumber = '' } = useParams();
  return (
    <div className="page admin-page">
      <AdminHeader title={SITE_PAGES['/admin/orders/:orderNumber'].title}>
        <Link className="button" to="/admin/orders">
          All Orders
        </Link>
        <Link className="button" to="/admin/dashboard">
          Manage Listings
        </Link>
      </AdminHeader>
      <AdminOrderView key={orderNumber} orderNumber={orderNumber} />
    </div>
  );
}
