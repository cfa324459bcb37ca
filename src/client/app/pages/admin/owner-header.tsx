import type { ReactNode } from 'react';
import { ButtonLinks, type ButtonLink } from '#client/components/ui/button-links.tsx';
import { usePageTitle } from '#client/lib/use-page-title.ts';
import '../../../features/artwork-admin/artwork-admin.css';
import '../../../features/order-admin/order-admin.css';
import '../../../features/print-pack/print-pack.css';

/** The links between the owner's pages, each page picking the ones it shows. */
export const OWNER_LINKS = {
  site: { to: '/', label: 'Back to Site' },
  listings: { to: '/admin/dashboard', label: 'Manage Listings' },
  bulkUpload: { to: '/admin/bulk-upload', label: 'Bulk Upload' },
  orders: { to: '/admin/orders', label: 'Orders and Sales' },
  discounts: { to: '/admin/discounts', label: 'Discounts' },
  sets: { to: '/admin/sets', label: 'Sets' },
  broadcasts: { to: '/admin/broadcasts', label: 'Broadcasts' },
  taxes: { to: '/admin/tax', label: 'Taxes' },
  funnel: { to: '/admin/funnel', label: 'Views and Sales' },
  reviews: { to: '/admin/reviews', label: 'Reviews' },
  licences: { to: '/admin/licences', label: 'License Terms' },
  export: { to: '/admin/export', label: 'Export' },
  imports: { to: '/admin/import', label: 'Import' },
  mailingList: { to: '/admin/mailing-list', label: 'Mailing List' },
} satisfies Record<string, ButtonLink>;

/** The owner pages' heading and links; importing it brings the admin styles, so visitors never load them. */
export function OwnerHeader({
  title,
  links,
  children,
}: {
  title: string;
  links: readonly ButtonLink[];
  /** Buttons after the links (an action of the page itself). */
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <header className="admin-header">
      <h1>{title}</h1>
      <nav aria-label="Admin" className="button-row">
        <ButtonLinks links={links} />
        {children}
      </nav>
    </header>
  );
}
