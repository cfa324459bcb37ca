import { useMemo } from 'react';
import { Link } from 'react-router';
import { Dashboard, type DashboardColumn } from '#client/features/artwork-admin/components/dashboard.tsx';
import { usePrintPackList } from '#client/features/print-pack/api/print-pack-queries.ts';
import { PackStatusCell } from '#client/features/print-pack/components/pack-status-cell.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import { SITE_PAGES } from '#shared/store/site-pages.ts';

/** Each artwork's print pack beside it, from the packs' own list, which refreshes itself while any is being made. */
function usePrintPackColumn(): DashboardColumn {
  const packs = usePrintPackList();
  return useMemo(() => {
    const byArtwork = new Map((packs.data?.items ?? []).map((item) => [item.artworkId, item]));
    return {
      label: 'Print pack',
      cell: (artwork) => <PackStatusCell progress={byArtwork.get(artwork.id)} artworkTitle={artwork.title} />,
    };
  }, [packs.data]);
}

export default function AdminDashboardPage() {
  const printPackColumn = usePrintPackColumn();
  return (
    <div className="page admin-page">
      <OwnerHeader
        title={SITE_PAGES['/admin/dashboard'].title}
        links={[
          OWNER_LINKS.site,
          OWNER_LINKS.orders,
          OWNER_LINKS.funnel,
          OWNER_LINKS.reviews,
          OWNER_LINKS.mailingList,
          OWNER_LINKS.discounts,
          OWNER_LINKS.sets,
          OWNER_LINKS.broadcasts,
          OWNER_LINKS.taxes,
          OWNER_LINKS.licences,
          OWNER_LINKS.export,
          OWNER_LINKS.imports,
          OWNER_LINKS.bulkUpload,
          { to: '/admin', label: 'Add New Artwork', primary: true },
        ]}
      />
      <Dashboard
        extraColumn={printPackColumn}
        selectionActions={(ids) => (
          <p className="button-row">
            {/* A set is made from the selection, in the order the artworks were ticked; the form can reorder. */}
            <Link className="button button--primary" to={`/admin/sets?new=${ids.join(',')}`}>
              Make a Set
            </Link>
          </p>
        )}
      />
    </div>
  );
}
