import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { licenceLabel, type LicenceTier } from '#shared/licences/licences.ts';
import { useMoney, useStoreSettings } from '#client/lib/store-settings.ts';
import { OrderTotals, type TotalsDiscount } from '#client/components/ui/order-totals.tsx';
import type { TaxSummary } from '#shared/taxes/tax-summary.ts';

export interface SummaryLine {
  /** The artwork's id, a set's id negated (a set is one line), or below −10⁹ a licence upgrade's line. */
  id: number;
  title: string;
  licence: LicenceTier;
  quantity: number;
  /** Cents, for the whole line at its (sale) price, before the order's discounts. */
  amount: number;
}

interface SummaryTotals {
  subtotal: number;
  discounts: readonly TotalsDiscount[];
  tax: TaxSummary | null;
  total: number;
}

/**
 * The checkout's Order Summary, in the cart page's layout. Once the server has priced the order these are its
 * lines and total, which is what will be charged; before that, the cart's.
 */
export function OrderSummary({
  lines,
  totals,
  codeField,
  repriced,
}: {
  lines: SummaryLine[];
  totals: SummaryTotals;
  codeField: ReactNode;
  repriced: boolean;
}) {
  const { formatCents } = useMoney();
  const { licenseText, refundText } = useStoreSettings();
  return (
    <aside className="order-summary checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">Order Summary</h2>
      <ul className="checkout-summary__lines">
        {lines.map((line, index) => (
          <li key={`${line.id}:${line.licence}:${index}`}>
            <span className="checkout-summary__title">
              {line.title} <span className="muted">× {line.quantity}</span>
              <span className="checkout-summary__licence muted">{licenceLabel(line.licence)}</span>
            </span>
            <span>{formatCents(line.amount)}</span>
          </li>
        ))}
      </ul>
      {codeField}
      <OrderTotals subtotal={totals.subtotal} discounts={totals.discounts} tax={totals.tax} total={totals.total} />
      {repriced && (
        <p className="checkout-summary__repriced" role="status">
          Prices have changed since you added these artworks; the total above is what you will pay.
        </p>
      )}
      <ul className="check-list">
        <li>Secure 256-bit SSL encryption</li>
        <li>Instant download</li>
        <li>
          <Link to="/license-terms">{licenseText.label}</Link>
        </li>
        <li>{refundText.short}</li>
      </ul>
      <p className="checkout-summary__policy muted">
        {refundText.summary} <Link to="/terms-of-service">Terms of Service</Link>
      </p>
    </aside>
  );
}
