import { Link } from 'react-router';
import type { OrderLine, OrderSummary } from '#shared/orders/checkout-schema.ts';
import { SITE_PAGES } from '#shared/store/site-pages.ts';
import { useArtwork } from '../../features/catalogue/api/catalogue-queries';
import { OrdersLookup } from '../../features/orders/components/orders-lookup';
import { usePageTitle } from '../../lib/use-page-title';

/** The artwork's format, dimensions and download count: the catalogue's, as the sale kept only title and artist. */
function ArtworkFacts({ line }: { line: OrderLine }) {
  const artwork = useArtwork(String(line.artworkId));
  if (artwork.isPending) return <span>Loading details...</span>;
  if (!artwork.data) return <span>No longer in the catalogue</span>;
  return (
    <>
      <span>Format: {artwork.data.format}</span>
      <span>Dimensions: {artwork.data.dimensions}</span>
      <span>Downloads: {artwork.data.downloadCount}</span>
    </>
  );
}

/**
 * The orders test's download button, for the owner: only a buyer may download their file (the server answers
 * anyone else 404), so it opens the order in the owner's orders, with its download log and refund.
 */
function OrderLink({ order, line }: { order: OrderSummary; line: OrderLine }) {
  return (
    <Link
      className="button orders-test__open"
      to={`/admin/orders/${encodeURIComponent(order.orderNumber)}`}
      aria-label={`View downloads of ${line.title}`}
    >
      View downloads
    </Link>
  );
}

/** The orders test: the owner looks up any address's orders. Everyone else gets the not-found page. */
export default function OrdersTestPage() {
  const title = SITE_PAGES['/orders-test'].title;
  usePageTitle(title);
  return (
    <div className="page orders-page">
      <h1>{title}</h1>
      <p className="lead">Look up the orders of any customer by their e-mail address.</p>
      <OrdersLookup
        lineFacts={(line) => <ArtworkFacts line={line} />}
        lineAction={(order, line) => <OrderLink order={order} line={line} />}
      />
    </div>
  );
}
