import { Fragment } from 'react';
import type { TaxSummary } from '#shared/taxes/tax-summary.ts';
import { useMoney } from '../../lib/store-settings';

export interface TotalsDiscount {
  label: string;
  /** Cents taken off. */
  amount: number;
}

/**
 * The tax's row: added ('VAT 19 % (Germany)'), inside the prices ('incl. VAT …', not added again), a business
 * buyer's reverse charge, or, while no country is known in a store that charges VAT, to be worked out at checkout.
 * A store without tax registrations shows 'Tax $0.00' (in its currency) as it always has.
 */
function TaxRow({ tax }: { tax: TaxSummary | null | undefined }) {
  const { formatCents } = useMoney();
  if (!tax) {
    return (
      <>
        <dt>Tax</dt>
        <dd>{formatCents(0)}</dd>
      </>
    );
  }
  const className = tax.included ? 'order-totals__included' : undefined;
  return (
    <>
      <dt className={className}>{tax.label}</dt>
      <dd className={className}>{tax.country ? formatCents(tax.amount) : 'At checkout'}</dd>
    </>
  );
}

/**
 * The summary figures, the same on the cart, the checkout and a paid order (cents): the subtotal at the lines'
 * (sale) prices, each discount taken off by name, no fee, the tax, the total.
 */
export function OrderTotals({
  subtotal,
  discounts = [],
  tax,
  total,
}: {
  subtotal: number;
  discounts?: readonly TotalsDiscount[];
  tax?: TaxSummary | null | undefined;
  total: number;
}) {
  const { formatCents } = useMoney();
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
      {!tax?.included && <TaxRow tax={tax} />}
      <dt className="order-summary__total">Total</dt>
      <dd className="order-summary__total">{formatCents(total)}</dd>
      {/* Inside the total, so after it, as a receipt prints it. */}
      {tax?.included && <TaxRow tax={tax} />}
      {tax?.notice && <dd className="order-totals__notice">{tax.notice}</dd>}
    </dl>
  );
}
