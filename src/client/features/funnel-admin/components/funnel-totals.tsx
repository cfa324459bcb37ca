import { formatConversion } from '#shared/analytics/funnel.ts';
import type { FunnelReport } from '#shared/analytics/funnel-schema.ts';
import { formatMoneyCents } from '#shared/money/money.ts';
import { count } from '../funnel-format';

/** The range's totals, largest first, as the steps a visitor takes from a view to a sale. */
export function FunnelTotals({ report }: { report: FunnelReport }) {
  const { totals } = report;
  const figures = [
    { label: 'Views', value: count(totals.views) },
    { label: 'Visitors', value: count(totals.visitors) },
    { label: 'Carts', value: count(totals.carts) },
    { label: 'Checkouts', value: count(totals.checkouts) },
    { label: 'Sales', value: count(totals.sales) },
    { label: 'Conversion', value: formatConversion(totals.conversion) },
    { label: 'Revenue', value: formatMoneyCents(totals.revenueCents, report.currency) },
  ];
  return (
    <dl className="funnel-totals" aria-label="Totals of the range">
      {figures.map((figure) => (
        <div key={figure.label} className="funnel-totals__item">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
