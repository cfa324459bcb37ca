import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { SubscriberAdmin } from '#client/features/mailing-list/components/subscriber-admin.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';

/** The owner's mailing list: who agreed to what, when and where, and the list in and out as CSV. */
export default function AdminMailingListPage() {
  return (
    <div className="page admin-page">
      <OwnerHeader
        title={SITE_PAGES['/admin/mailing-list'].title}
        links={[OWNER_LINKS.listings, OWNER_LINKS.orders, OWNER_LINKS.export]}
      />
      <SubscriberAdmin />
    </div>
  );
}
