import { useId } from 'react';
import type { DownloadOrder } from '#shared/orders/downloads-schema.ts';
import { canDownload } from '#shared/orders/order-lifecycle.ts';
import { OrderStatusBadge } from '#client/components/ui/order-status-badge.tsx';
import { formatLongDateTime } from '#client/lib/order-dates.ts';
import { orderMoney } from '#client/lib/order-money.ts';
import { libraryStatusLabel, orderHeading, unavailableReason } from '../download-rules';
import { libraryGroups } from '../library-groups';
import { DownloadItemRow } from './download-item';
import { SetGroup } from './set-group';
import type { UpgradeChoice } from './licence-upgrade';

/**
 * An order of the library, headed by its number, date and time, total and state, then its artworks: a set bought
 * whole as a group of its pieces.
 */
export function DownloadOrderCard({
  order,
  onUpgrade,
}: {
  order: DownloadOrder;
  onUpgrade?: ((choice: UpgradeChoice) => void) | undefined;
}) {
  const { formatCents } = orderMoney(order.currency);
  const headingId = useId();
  const downloadable = canDownload(order.status);
  const reason = unavailableReason(order.status);
  return (
    <section className="order-card download-order" aria-labelledby={headingId}>
      <header className="order-card__head">
        <div>
          <h2 id={headingId} className="order-card__number">
            {orderHeading(order)}
          </h2>
          <p className="muted order-card__meta">
            {/* One number per order here, the receipt's: the store's reference is on the order's own page. */}
            <time dateTime={order.paidAt ?? order.createdAt}>
              {formatLongDateTime(order.paidAt ?? order.createdAt)}
            </time>
          </p>
        </div>
        <div className="download-order__summary">
          <span className="download-order__total">{formatCents(order.amount)}</span>
          {order.discount > 0 && (
            <span className="download-order__discount muted">
              after −{formatCents(order.discount)}
              {order.discountLabel && ` (${order.discountLabel})`}
            </span>
          )}
          <OrderStatusBadge status={order.status} label={libraryStatusLabel(order.status)} />
        </div>
      </header>
      {reason && <p className="download-order__reason">{reason}</p>}
      <div className="download-order__items">
        {libraryGroups(order.items).map((group) =>
          group.kind === 'set' ? (
            <SetGroup
              key={group.key}
              title={group.title}
              pieces={group.pieces}
              downloadable={downloadable}
              onUpgrade={onUpgrade}
            />
          ) : (
            <DownloadItemRow
              key={group.item.itemId}
              item={group.item}
              downloadable={downloadable}
              onUpgrade={onUpgrade}
            />
          ),
        )}
      </div>
    </section>
  );
}
