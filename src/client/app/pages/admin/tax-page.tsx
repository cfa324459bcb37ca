import { useSearchParams } from 'react-router';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { quarterBounds, quarterOf } from '#shared/taxes/tax-report.ts';
import { TaxReportSection } from '#client/features/tax-admin/components/tax-report-section.tsx';
import { TaxSettingsPanel } from '#client/features/tax-admin/components/tax-settings-panel.tsx';
import { OwnerHeader, OWNER_LINKS } from './owner-header';
import '../../../features/tax-admin/tax-admin.css';

/**
 * The owner's taxes: the settings the store charges with (read-only), then a quarter's report to file from, the
 * quarter kept in the address (`?quarter=2026-Q4`) so Back and a bookmark keep it.
 */
export default function AdminTaxPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('quarter') ?? '';
  const quarter = quarterBounds(asked) ? asked : quarterOf(new Date());
  return (
    <div className="page admin-page">
      <OwnerHeader title={SITE_PAGES['/admin/tax'].title} links={[OWNER_LINKS.listings, OWNER_LINKS.orders]} />
      <TaxReportSection quarter={quarter} onQuarter={(next) => setParams({ quarter: next })} />
      <TaxSettingsPanel />
    </div>
  );
}
