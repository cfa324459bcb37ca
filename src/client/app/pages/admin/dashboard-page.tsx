import { useMemo } from 'react';
import { Link } from 'react-router';
import { Dashboard, type DashboardColumn } from '#client/features/admin/components/dashboard.tsx';
import { usePrintPackList } from '#client/features/print-pack/api/print-pack-queries.ts';
import { PackStatusCell } from '#client/features/print-pack/components/pack-status-cell.tsx';
import { AdminHeader } from './admin-header';
import { SITE_PAGES } from '#shared/site-pages.ts';

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
      <AdminHeader title={SITE_PAGES['/admin/dashboard'].title}>
        <Link className="button" to="/">
          Back to Site
        </Link>
        <Link className="button" to="/admin/orders">
          Orders and Sales
        </Link>
        <Link className="button" to="/admin/discounts">
          Discounts
        </Link>
        <Link className="button" to="/admin/tax">
          Taxes
        </Link>
        <Link className="button" to="/admin/licences">
          Licence Terms
        </Link>
        <Link className="button button--primary" to="/admin">
          Add New Artwork
        </Link>
      </AdminHeader>
      <Dashboard extraColumn={printPackColumn} />
    </div>
  );
}
