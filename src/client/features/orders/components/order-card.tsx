import { useId, type ReactNode } from 'react';
import { buyerOrderNumber } from '#shared/orders/checkout.ts';
import { FREE_ORDER_MESSAGES, isFreeTotal } from '#shared/orders/free-order.ts';
import type { OrderLine, OrderSummary } from '#shared/orders/checkout-schema.ts';
import { licenceLabel } from '#shared/licences/licences.ts';
import { upgradeLineLabel } from '#shared/licences/upgrades.ts';
import { groupSetLines } from '#shared/sets/set-cover.ts';
import { CertificateLink } from '#client/components/ui/certificate-link.tsx';
import { OrderStatusBadge } from '#client/components/ui/order-status-badge.tsx';
import { TaxDocumentLinks } from '#client/components/ui/tax-document-links.tsx';
import { paidWithText } from '#client/lib/card-brand.ts';
import { formatLongDateTime } from '#client/lib/order-dates.ts';
import { orderMoney } from '#client/lib/order-money.ts';

interface OrderCardProps {
  order: OrderSummary;
  /** More about a line than the sale kept (the orders test adds format, dimensions and downloads). */
  lineExtras?: (line: OrderLine) => ReactNode;
  /** What can be done with the order ('Send receipt again'). */
  actions?: ReactNode;
}

/**
 * An order as sold: number, date, state, its lines with their amounts, the total, the card that paid, and its invoice
 * and credit notes.
 */
export function OrderCard({ order, lineExtras, actions }: OrderCardProps) {
  const { formatCents } = orderMoney(order.currency);
  const headingId = useId();
  const when = order.paidAt ?? order.createdAt;
  const card = paidWithText(order);
  const paidWith = isFreeTotal(order.amount) ? FREE_ORDER_MESSAGES.paidWith : card ? `Paid with ${card}` : '';
  return (
    <section className="order-card" aria-labelledby={headingId}>
      <header className="order-card__head">
        <div>
          <h2 id={headingId} className="order-card__number">
            Order #{buyerOrderNumber(order)}
          </h2>
          <p className="muted order-card__meta">
            <time dateTime={when}>{formatLongDateTime(when)}</time> ·{' '}
            <span className="order-card__ref">{order.orderNumber}</span>
          </p>
        </div>
        {order.paymentProcessing ? (
          <span className="order-card__processing" role="status">
            Payment processing
          </span>
        ) : (
          <OrderStatusBadge status={order.status} />
        )}
      </header>
      <ul className="order-card__lines">
        {groupSetLines(order.items, (line) => ({ id: line.setId, title: line.setTitle })).flatMap((group) => [
          ...(group.heading
            ? [
                <li key={`set:${group.items[0]!.setId}`} className="order-card__set">
                  {group.heading}
                </li>,
              ]
            : []),
          ...group.items.map((line) => (
            <li
              key={`${line.setId ?? ''}:${line.artworkId}:${line.licence}`}
              className={group.heading ? 'order-card__line order-card__line--in-set' : 'order-card__line'}
            >
              <div className="order-card__line-text">
                <span className="order-card__title">{line.title}</span>
                <span className="muted"> by {line.artist}</span>
                <span className="order-card__licence">
                  {licenceLabel(line.licence)}
                  {line.upgradeOfItemId != null && ` · ${upgradeLineLabel}`}
                  {line.certificateNumber && (
                    <>
                      {' · '}
                      <CertificateLink certificateNumber={line.certificateNumber} title={line.title} />
                    </>
                  )}
                  {/* The owner refunded this line alone (decision 0071): its downloads and licence ended. */}
                  {line.refunded && <strong> · Refunded</strong>}
                </span>
                {lineExtras?.(line)}
              </div>
              <span className="order-card__amount">
                {line.quantity > 1 && (
                  <span className="muted">
                    {line.quantity} × {formatCents(line.unitAmount)}{' '}
                  </span>
                )}
                {formatCents(line.unitAmount * line.quantity)}
              </span>
            </li>
          )),
        ])}
      </ul>
      {order.discount > 0 && (
        <p className="order-card__discount">
          Discount{order.discountLabel && ` (${order.discountLabel})`} <span>−{formatCents(order.discount)}</span>
        </p>
      )}
      {order.tax && (
        <p className="order-card__discount">
          {order.tax.label} <span>{formatCents(order.tax.amount)}</span>
        </p>
      )}
      <footer className="order-card__foot">
        <p className="order-card__paid-with muted">{paidWith}</p>
        <p className="order-card__total">
          Total <strong>{formatCents(order.amount)}</strong>
        </p>
      </footer>
      {order.documents.length > 0 && (
        <div className="order-card__documents">
          <TaxDocumentLinks documents={order.documents} />
        </div>
      )}
      {actions && <div className="order-card__actions">{actions}</div>}
    </section>
  );
}
