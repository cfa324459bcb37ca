import { Link } from 'react-router';
import { useDownloads } from '../api/downloads-queries';
import { DownloadOrderCard } from './download-order';
import type { UpgradeChoice } from './licence-upgrade';

/**
 * The library's states: loading, the error banner, 'No downloads yet', or the orders newest first. `onUpgrade`: the
 * page's way to buy a licence upgrade (the cart is a feature of its own).
 */
export function DownloadsView({ onUpgrade }: { onUpgrade?: (choice: UpgradeChoice) => void } = {}) {
  const downloads = useDownloads();

  if (downloads.isPending) {
    return (
      <p className="muted" role="status">
        Loading your downloads...
      </p>
    );
  }
  if (downloads.isError) {
    return (
      <div className="notice notice--error downloads__error" role="alert">
        <p>Failed to load your downloads. Please try again.</p>
        <button
          type="button"
          className="button"
          onClick={() => void downloads.refetch()}
          disabled={downloads.isFetching}
        >
          Try Again
        </button>
      </div>
    );
  }
  if (downloads.data.length === 0) {
    return (
      <div className="empty-state">
        <h2>No downloads yet</h2>
        <p className="muted">Purchase some artwork to see your downloads here.</p>
        <Link className="button button--primary" to="/shop">
          Browse Artwork
        </Link>
      </div>
    );
  }
  return (
    <div className="order-list">
      {downloads.data.map((order) => (
        <DownloadOrderCard key={order.orderNumber} order={order} onUpgrade={onUpgrade} />
      ))}
    </div>
  );
}
