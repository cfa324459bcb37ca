import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useMoney } from '#client/lib/store-settings.ts';
import { useSalesSummary } from '../api/order-admin-queries';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The owner's sales summary: revenue (paid minus refunded) and orders by period, the best sellers, downloads. */
export function SalesSummaryPanel() {
  const { formatCents } = useMoney();
  const sales = useSalesSummary();
  return (
    <section className="sales-summary" aria-labelledby="sales-summary-heading">
      <h2 id="sales-summary-heading">Sales</h2>
      {sales.isPending && <p className="muted">Loading...</p>}
      {sales.isError && <FormMessage kind="error">Failed to load the sales summary. Please try again.</FormMessage>}
      {sales.data && (
        <>
          <dl className="sales-summary__figures">
            <div className="sales-summary__figure">
              <dt>Revenue today (UTC)</dt>
              <dd>
                {formatCents(sales.data.revenue.today)}
                <span className="muted">{plural(sales.data.orders.today, 'order')}</span>
              </dd>
            </div>
            <div className="sales-summary__figure">
              <dt>Revenue, last 30 days</dt>
              <dd>
                {formatCents(sales.data.revenue.last30Days)}
                <span className="muted">{plural(sales.data.orders.last30Days, 'order')}</span>
              </dd>
            </div>
            <div className="sales-summary__figure">
              <dt>Revenue, all time</dt>
              <dd>
                {formatCents(sales.data.revenue.allTime)}
                <span className="muted">{plural(sales.data.orders.allTime, 'order')}</span>
              </dd>
            </div>
            <div className="sales-summary__figure">
              <dt>Discounts given, last 30 days</dt>
              <dd>
                {formatCents(sales.data.discounts.last30Days)}
                <span className="muted">{formatCents(sales.data.discounts.allTime)} all time</span>
              </dd>
            </div>
            <div className="sales-summary__figure">
              <dt>Downloads, last 30 days</dt>
              <dd>{sales.data.downloadsLast30Days}</dd>
            </div>
          </dl>
          <h3 id="top-artworks-heading">Top artworks by revenue</h3>
          {sales.data.topArtworks.length === 0 ? (
            <p className="muted">No sales yet.</p>
          ) : (
            <ol className="sales-summary__top" aria-labelledby="top-artworks-heading">
              {sales.data.topArtworks.map((artwork) => (
                <li key={artwork.artworkId}>
                  <span className="sales-summary__top-title">{artwork.title}</span>
                  <span className="muted">{plural(artwork.sold, 'sale')}</span>
                  <strong>{formatCents(artwork.revenue)}</strong>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
