import { Fragment } from 'react';
import { formatCents } from '../../lib/order-money';

export interface TotalsDiscount {
  label: string;
  /** Cents taken off. */
  amount: number;
}

/**
 * The summary figures, the same on the cart, the checkout and a paid order (cents): the subtotal at the lines'
 * (sale) prices, each discount taken off by name, no fee, no tax, the total.
 */
export function OrderTotals({
  subtotal,
  discounts = [],
  total,
}: {
  subtotal: number;
  discounts?: readonly TotalsDiscount[];
  total: number;
}) {
  return (
    <dl>
      <dt>Subtotal</dt>
      <dd>{formatCents(subtotal)}</dd>
      {discounts.map((discount) => (
        <Fragment key={discount.label}>
          <dt className="order-totals__discount">Discount ({discount.label})</dt>
          <dd className="order-totals__discount">−{formatCents(discount.amount)}</dd>
        </Fragment>
      ))}
      <dt>Processing Fee</dt>
      <dd>{formatCents(0)}</dd>
      <dt>Tax</dt>
      <dd>{formatCents(0)}</dd>
      <dt className="order-summary__total">Total</dt>
      <dd className="order-summary__total">{formatCents(total)}</dd>
    </dl>
  );
}
