import { useParams } from 'react-router';
import { SITE_PAGES } from '#shared/site-pages.ts';
import { AdminOrderView } from '#client/features/admin/components/admin-order-view.tsx';
import { AdminHeader, OWNER_LINKS } from './admin-header';

/** One order for the owner: payment, history, download log and Refund. */
export default function AdminOrderPage() {
  const { orderNumber = '' } = useParams();
  return (
    <div className="page admin-page">
      <AdminHeader
        title={SITE_PAGES['/admin/orders/:orderNumber'].title}
        links={[{ to: '/admin/orders', label: 'All Orders' }, OWNER_LINKS.listings]}
      />
      <AdminOrderView key={orderNumber} orderNumber={orderNumber} />
    </div>
  );
}
