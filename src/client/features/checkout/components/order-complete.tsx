import { useEffect, useRef } from 'react';
import { buyerOrderNumber } from '#shared/orders/checkout.ts';
import { FREE_ORDER_MESSAGES, isFreeTotal } from '#shared/orders/free-order.ts';
import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { licenceLabel } from '#shared/licences/licences.ts';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { orderMoney } from '#client/lib/order-money.ts';
import { ButtonLinks } from '#client/components/ui/button-links.tsx';

/**
 * The success screen, shown only once the server has confirmed the order as paid, or as processing: a payment the
 * bank settles later, whose downloads come with the receipt once it has.
 */
export function OrderComplete({
  order,
  guest,
}: {
  order: OrderSummary;
  /** Bought without an account. */ guest: boolean;
}) {
  const processing = order.paymentProcessing && !order.paidAt;
  const { formatCents } = orderMoney(order.currency);
  const { downloadText } = useStoreSettings();
  const heading = useRef<HTMLHeadingElement>(null);
  // A guest's order has its own library, at the path of the signed link it was answered with (decision 0058).
  const library = order.guestLink ? new URL(order.guestLink).pathname : '/downloads';
  // The form the customer was in is gone: move focus to the news, so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page page--narrow order-complete">
      <p className="order-complete__mark" aria-hidden="true">
        {processing ? '…' : '✓'}
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {processing ? 'Payment Processing' : 'Order Complete!'}
      </h1>
      <p className="lead">
        {processing
          ? 'Thank you. Your bank is processing the payment; we e-mail your receipt and download links as soon as it is paid.'
          : 'Thank you for your purchase. Your artwork is ready to download.'}
      </p>
      <dl className="order-complete__facts">
        <dt>Order number</dt>
        <dd className="order-complete__number">#{buyerOrderNumber(order)}</dd>
        {order.discount > 0 && (
          <>
            <dt>Subtotal</dt>
            <dd>{formatCents(order.subtotal)}</dd>
            <dt>Discount{order.discountLabel && ` (${order.discountLabel})`}</dt>
            <dd>−{formatCents(order.discount)}</dd>
          </>
        )}
        {order.tax && (
          <>
            <dt>{order.tax.label}</dt>
            <dd>{formatCents(order.tax.amount)}</dd>
          </>
        )}
        <dt>{processing ? 'Total' : 'Total paid'}</dt>
        <dd>{formatCents(order.amount)}</dd>
        {order.paymentMethod && !isFreeTotal(order.amount) && (
          <>
            <dt>Paid with</dt>
            <dd>{order.paymentMethod}</dd>
          </>
        )}
        {isFreeTotal(order.amount) && (
          <>
            <dt>Payment</dt>
            <dd>{FREE_ORDER_MESSAGES.paidWith}</dd>
          </>
        )}
        <dt>{processing ? 'Receipt goes to' : 'Receipt sent to'}</dt>
        <dd>{order.customerEmail}</dd>
      </dl>
      <ul className="order-complete__items">
        {order.items.map((line) => (
          <li key={`${line.artworkId}:${line.licence}`}>
            <span>
              {line.title} <span className="muted">by {line.artist}</span>
              {line.quantity > 1 && <span className="muted"> × {line.quantity}</span>}
              <span className="order-complete__licence muted">{licenceLabel(line.licence)}</span>
            </span>
            <span>{formatCents(line.unitAmount * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="button-row order-complete__actions">
        <ButtonLinks
          links={[
            // A guest's processing order has no library link yet: it comes with the receipt once paid.
            processing
              ? guest
                ? { to: '/', label: 'Back to the Store', primary: true }
                : { to: '/orders', label: 'See Your Orders', primary: true }
              : { to: library, label: 'Download Your Artwork', primary: true },
            { to: '/shop', label: 'Continue Shopping' },
          ]}
        />
      </p>
      <ul className="check-list order-complete__notes">
        <li>{order.guestLink ? 'Your download link does not expire: keep the e-mail we sent you' : downloadText}</li>
        <li>High-resolution files</li>
        <li>
          {order.guestLink
            ? 'Your license certificates and invoice are on your order’s page: the link is in your e-mail too'
            : 'Your license certificates are on My Downloads'}
        </li>
      </ul>
    </section>
  );
}
