import { DELETED_ACCOUNT_LABEL } from '#shared/accounts/account.ts';
import { licenceShortLabel } from '#shared/licences/licences.ts';
import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';
import { shownOrderNumber } from '#shared/orders/checkout.ts';
import { FREE_ORDER_MESSAGES, FREE_ORDER_PROVIDER } from '#shared/orders/free-order.ts';
import { OrderStatusBadge } from '#client/components/ui/order-status-badge.tsx';
import { TaxDocumentLinks } from '#client/components/ui/tax-document-links.tsx';
import { paidWithText } from '#client/lib/card-brand.ts';
import { formatLongDateTime } from '#client/lib/order-dates.ts';
import { orderMoney } from '#client/lib/order-money.ts';
import { OrderDownloadLog } from './order-download-log';
import { RefundPanel } from './refund-panel';
import { GuestLinkPanel } from './guest-link-panel';
import { ColumnHeads } from '#client/components/ui/column-heads.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { canRefund } from '#shared/orders/order-lifecycle.ts';
import { useState } from 'react';
import { refundableLines, type RefundableLine } from '../line-refunds';
import { LineRefundAction } from './line-refund-action';

const PROVIDERS = { test: 'Built-in test provider', stripe: 'Stripe', free: 'None: a free order' } as const;

function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const { formatCents } = orderMoney(order.currency);
  return (
    <dl className="order-detail__facts">
      <div>
        <dt>Customer</dt>
        <dd>
          {order.customerName && (
            <>
              {order.customerName}
              <br />
            </>
          )}
          {order.accountDeleted ? (
            DELETED_ACCOUNT_LABEL
          ) : (
            <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
          )}
        </dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <OrderStatusBadge status={order.status} />
        </dd>
      </div>
      <div>
        <dt>Placed</dt>
        <dd>{formatLongDateTime(order.createdAt)}</dd>
      </div>
      <div>
        <dt>Paid</dt>
        <dd>{order.paidAt ? formatLongDateTime(order.paidAt) : 'Not paid'}</dd>
      </div>
      {order.discount > 0 && (
        <div>
          <dt>Discount</dt>
          <dd>
            −{formatCents(order.discount)} <span className="muted">({order.discountLabel})</span>
            <div className="muted">Subtotal {formatCents(order.subtotal)}</div>
          </dd>
        </div>
      )}
      {order.tax && (
        <div>
          <dt>{order.tax.included ? 'VAT included' : 'VAT'}</dt>
          <dd>
            {formatCents(order.tax.amount)} <span className="muted">({order.tax.label})</span>
            <div className="muted">{evidenceText(order.taxEvidence)}</div>
          </dd>
        </div>
      )}
      <div>
        <dt>Total</dt>
        <dd>
          {formatCents(order.amount)}
          {order.refunded > 0 && <span className="muted"> ({formatCents(order.refunded)} refunded)</span>}
        </dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd>
          {PROVIDERS[order.provider]}
          {order.paymentIntentId && <div className="muted order-detail__intent">{order.paymentIntentId}</div>}
        </dd>
      </div>
      <div>
        <dt>Paid with</dt>
        <dd>{order.provider === FREE_ORDER_PROVIDER ? FREE_ORDER_MESSAGES.paidWith : (paidWithText(order) ?? '—')}</dd>
      </div>
      <div>
        <dt>Documents</dt>
        <dd>{order.documents.length > 0 ? <TaxDocumentLinks documents={order.documents} /> : '—'}</dd>
      </div>
    </dl>
  );
}

/** A line's refund cell: refunded, the action on a set's first line or an artwork's, or the set's other lines. */
function RefundCell({
  order,
  refundable,
  itemId,
  onDone,
}: {
  order: AdminOrderDetail;
  refundable: RefundableLine | undefined;
  itemId: number;
  onDone: (result: { kind: 'success' | 'error'; text: string }) => void;
}) {
  const { formatCents } = orderMoney(order.currency);
  const line = order.items.find((item) => item.itemId === itemId);
  if (line?.refunded) return <span className="badge order-lines__refunded">Refunded</span>;
  if (!refundable) return <span className="muted">With the set</span>;
  if (!canRefund(order.status) || order.provider === FREE_ORDER_PROVIDER) return null;
  return (
    <LineRefundAction orderNumber={order.orderNumber} line={refundable} formatCents={formatCents} onDone={onDone} />
  );
}

function OrderLines({ order }: { order: AdminOrderDetail }) {
  const { formatCents } = orderMoney(order.currency);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const refundable = new Map(refundableLines(order.items).map((line) => [line.firstItemId, line]));
  // The column shows while a line may be refunded, and afterwards which were.
  const refunds =
    (canRefund(order.status) && order.provider !== FREE_ORDER_PROVIDER) || order.items.some((item) => item.refunded);
  return (
    <section aria-labelledby="order-lines-heading">
      <h3 id="order-lines-heading">Items</h3>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <div className="table-wrap">
        <table className="admin-table order-lines">
          <ColumnHeads
            columns={[
              'Artwork',
              'Artist',
              'License',
              'Qty',
              'Price',
              order.discount > 0 && 'Discount',
              'Amount',
              refunds && 'Refund',
            ]}
          />
          <tbody>
            {order.items.map((line) => (
              <tr key={line.itemId} className={line.refunded ? 'order-lines__row--refunded' : undefined}>
                <td>{line.title}</td>
                <td>{line.artist}</td>
                <td>
                  {licenceShortLabel(line.licence)}
                  {line.licenceTermsVersion !== null && (
                    <span className="muted"> (terms v{line.licenceTermsVersion})</span>
                  )}
                </td>
                <td>{line.quantity}</td>
                <td>
                  {formatCents(line.unitAmount)}
                  {line.listUnitAmount > line.unitAmount && (
                    <>
                      {' '}
                      <s className="muted">{formatCents(line.listUnitAmount)}</s>
                    </>
                  )}
                </td>
                {order.discount > 0 && <td>−{formatCents(line.discount)}</td>}
                <td>{formatCents(line.amount)}</td>
                {refunds && (
                  <td>
                    <RefundCell
                      order={order}
                      refundable={refundable.get(line.itemId)}
                      itemId={line.itemId}
                      onDone={setResult}
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StatusHistory({ order }: { order: AdminOrderDetail }) {
  return (
    <section aria-labelledby="order-history-heading">
      <h3 id="order-history-heading">Status history</h3>
      {order.history.length === 0 ? (
        <p className="muted">No changes recorded.</p>
      ) : (
        <ol className="order-detail__history">
          {order.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <OrderStatusBadge status={entry.status} />
              <span>{entry.note}</span>
              <time className="muted" dateTime={entry.at}>
                {formatLongDateTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One order for the owner, with its payment, history, download log and Refund. */
/** 'Billing address DE · card DE', with the buyer's choice when they disagreed and a business's VAT number. */
function evidenceText(evidence: AdminOrderDetail['taxEvidence']): string {
  const parts = [
    `Billing address ${evidence.billingCountry ?? '—'} · card ${evidence.cardCountry ?? '—'}`,
    ...(evidence.confirmedByBuyer ? ['country chosen by the buyer'] : []),
    ...(evidence.vatNumber
      ? [`VAT number ${evidence.vatNumber}${evidence.vatNumberCheckedBy === 'vies' ? ' (checked with VIES)' : ''}`]
      : []),
  ];
  return parts.join(' · ');
}

export function OrderDetail({ order }: { order: AdminOrderDetail }) {
  return (
    <article className="order-detail" aria-labelledby="order-detail-heading">
      <h2 id="order-detail-heading">
        Order {order.orderNumber}
        {order.paymentIntentId && <span className="muted"> · #{shownOrderNumber(order.paymentIntentId)}</span>}
      </h2>
      <OrderFacts order={order} />
      <OrderLines order={order} />
      <RefundPanel order={order} />
      <GuestLinkPanel order={order} />
      <StatusHistory order={order} />
      <OrderDownloadLog downloads={order.downloads} />
    </article>
  );
}
