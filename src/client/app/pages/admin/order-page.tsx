import { useParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { AdminOrderView } from '#client/features/order-admin/components/order-admin-view.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';

/** One order for the owner: payment, history, download log and Refund. */
export default function AdminOrderPage() {
  const { orderNumber = '' } = useParams();
  return (
    <div className="page admin-page">
      <OwnerHeader
        title={SITE_PAGES['/admin/orders/:orderNumber'].title}
        links={[{ to: '/admin/orders', label: 'All Orders' }, OWNER_LINKS.listings]}
      />
      <AdminOrderView key={orderNumber} orderNumber={orderNumber} />
    </div>
  );
}
