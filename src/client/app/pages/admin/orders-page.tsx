import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { OrdersTable } from '#client/features/order-admin/components/orders-table.tsx';
import { SalesSummaryPanel } from '#client/features/order-admin/components/sales-summary.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';

/** The owner's sales figures, then every order to search, filter and open. */
export default function AdminOrdersPage() {
  return (
    <div className="page admin-page">
      <OwnerHeader
        title={SITE_PAGES['/admin/orders'].title}
        links={[OWNER_LINKS.site, OWNER_LINKS.listings, OWNER_LINKS.funnel, OWNER_LINKS.discounts, OWNER_LINKS.taxes]}
      />
      <SalesSummaryPanel />
      <OrdersTable />
    </div>
  );
}
