import { formatUsd } from '#shared/money.ts';

/** The summary figures, the same on the cart and the checkout: subtotal, no fee, no tax, total (dollars). */
export function OrderTotals({ total }: { total: number }) {
  return (
    <dl>
      <dt>Subtotal</dt>
      <dd>{formatUsd(total)}</dd>
      <dt>Processing Fee</dt>
      <dd>{formatUsd(0)}</dd>
      <dt>Tax</dt>
      <dd>{formatUsd(0)}</dd>
      <dt className="order-summary__total">Total</dt>
      <dd className="order-summary__total">{formatUsd(total)}</dd>
    </dl>
  );
}
