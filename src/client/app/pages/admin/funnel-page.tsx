import { useSearchParams } from 'react-router';
import { isFunnelRange } from '#shared/analytics/funnel.ts';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { FunnelSection } from '#client/features/funnel-admin/components/funnel-section.tsx';
import { lastDays } from '#client/features/funnel-admin/funnel-range.ts';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import '../../../features/funnel-admin/funnel-admin.css';

/**
 * The owner's funnel: views, carts, checkouts, sales and revenue per day and artwork, for a range kept in the
 * address (`?from=2026-11-01&to=2026-11-28`) so Back and a bookmark keep it; the last 30 days without one.
 */
export default function AdminFunnelPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = isFunnelRange(from, to) ? { from, to } : lastDays(30);
  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin/funnel'].title} links={[OWNER_LINKS.listings, OWNER_LINKS.orders]} />
      <FunnelSection range={range} onRange={(next) => setParams({ from: next.from, to: next.to })} />
    </div>
  );
}
