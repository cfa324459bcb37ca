import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { StoreExportPanel } from '#client/features/store-export/components/store-export-panel.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import '../../../features/store-export/store-export.css';

/** The owner's exports: the catalogue as Shopify's CSV, and the whole store as one archive, its size told first. */
export default function AdminExportPage() {
  return (
    <div className="page admin-page">
      <OwnerHeader
        title={SITE_PAGES['/admin/export'].title}
        links={[OWNER_LINKS.listings, OWNER_LINKS.orders, OWNER_LINKS.taxes]}
      />
      <StoreExportPanel />
    </div>
  );
}
