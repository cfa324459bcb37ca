import { useEffect, useRef, useState } from 'react';
import type { FunnelReport } from '#shared/analytics/funnel-schema.ts';
import { formatMoney, fromCents } from '#shared/money/money.ts';
import { shortDay } from '../funnel-format';

/**
 * The range's days drawn as two charts. The drawing library comes in its own chunk when a report is first shown;
 * the figures stay readable without it (the tables below say the same), so a failed load only leaves a note.
 */
export function FunnelCharts({ report }: { report: FunnelReport }) {
  const steps = useRef<HTMLCanvasElement>(null);
  const revenue = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./draw-funnel-charts')
      .then(({ drawFunnelCharts }) => {
        if (cancelled || !steps.current || !revenue.current) return;
        stop = drawFunnelCharts(
          steps.current,
          revenue.current,
          {
            labels: report.days.map((day) => shortDay(day.day)),
            views: report.days.map((day) => day.views),
            carts: report.days.map((day) => day.carts),
            checkouts: report.days.map((day) => day.checkouts),
            sales: report.days.map((day) => day.sales),
            revenue: report.days.map((day) => fromCents(day.revenueCents)),
          },
          (amount) => formatMoney(amount, report.currency),
        );
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [report]);

  const { totals } = report;
  return (
    <div className="funnel-charts">
      <figure className="funnel-chart">
        <figcaption>Views, carts, checkouts and sales per day</figcaption>
        <div className="funnel-chart__canvas">
          <canvas
            ref={steps}
            role="img"
            aria-label={`Per day: ${totals.views} views, ${totals.carts} carts, ${totals.checkouts} checkouts and ${totals.sales} sales in the range`}
          />
        </div>
      </figure>
      <figure className="funnel-chart">
        <figcaption>Revenue per day</figcaption>
        <div className="funnel-chart__canvas">
          <canvas
            ref={revenue}
            role="img"
            aria-label={`Revenue per day: ${formatMoney(fromCents(totals.revenueCents), report.currency)} in the range`}
          />
        </div>
      </figure>
      {failed && <p className="muted">The charts could not be loaded; the tables below have the same figures.</p>}
    </div>
  );
}
