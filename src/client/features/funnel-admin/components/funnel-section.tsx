import { Link } from 'react-router';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import type { FunnelRange } from '../api/funnel-admin-api';
import { useFunnelReport } from '../api/funnel-admin-queries';
import { count, longDay } from '../funnel-format';
import { FunnelCharts } from './funnel-charts';
import { FunnelRangePicker } from './funnel-range-picker';
import { FunnelTable } from './funnel-table';
import { FunnelTotals } from './funnel-totals';

/**
 * The owner's funnel for a range of days: totals, charts per day, then the figures per artwork and per day, and
 * where visitors came from.
 */
export function FunnelSection({ range, onRange }: { range: FunnelRange; onRange: (range: FunnelRange) => void }) {
  const report = useFunnelReport(range);
  const data = report.data;
  return (
    <section className="funnel" aria-labelledby="funnel-heading">
      <h2 id="funnel-heading" className="visually-hidden">
        Funnel
      </h2>
      <p className="muted">
        What visitors did, per day (UTC): artwork pages seen, artworks put in the cart, checkouts begun, and sales paid.
        Counted without cookies; robots and your own visits are left out.
      </p>
      <FunnelRangePicker range={range} onRange={onRange} />
      {report.isPending && <p className="muted">Loading...</p>}
      {report.isError && <FormMessage kind="error">Failed to load the funnel. Please try again.</FormMessage>}
      {data && (
        <div className="funnel__result" aria-busy={report.isPlaceholderData}>
          <p className="funnel__period">
            {longDay(data.from)} to {longDay(data.to)}
          </p>
          <FunnelTotals report={data} />
          <FunnelCharts report={data} />

          <h3>By artwork</h3>
          {data.artworks.length === 0 ? (
            <p className="muted">No artwork was seen in these days.</p>
          ) : (
            <FunnelTable
              caption="The funnel per artwork, most viewed first"
              rowLabel="Artwork"
              rows={data.artworks}
              rowKey={(row) => String(row.artworkId)}
              rowHead={(row) =>
                row.title === null ? (
                  <span className="muted">Deleted artwork #{row.artworkId}</span>
                ) : (
                  <Link to={`/artwork/${row.artworkId}`}>{row.title}</Link>
                )
              }
              currency={data.currency}
            />
          )}

          <h3>Where visitors came from</h3>
          {data.referrers.length === 0 ? (
            <p className="muted">No visitor followed a link from another site in these days.</p>
          ) : (
            <ul className="funnel-referrers">
              {data.referrers.map((referrer) => (
                <li key={referrer.domain}>
                  <span>{referrer.domain}</span> <span className="muted">{count(referrer.views)} views</span>
                </li>
              ))}
            </ul>
          )}

          <details className="funnel-days">
            <summary>By day</summary>
            <FunnelTable
              caption="The funnel per day, newest first"
              rowLabel="Day"
              rows={[...data.days].reverse()}
              rowKey={(row) => row.day}
              rowHead={(row) => longDay(row.day)}
              currency={data.currency}
            />
          </details>
        </div>
      )}
    </section>
  );
}
