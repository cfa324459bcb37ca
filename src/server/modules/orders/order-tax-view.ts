import { taxLabel, type TaxSummary } from '#shared/taxes/tax-summary.ts';
import type { OrderItemRow, OrderRow } from '../../db/schema';

/**
 * The tax line of an order as its pages and e-mails show it; null for an order no tax was decided on (a store
 * without registrations, an order from before taxes).
 */
export function taxSummaryOf(order: OrderRow, items: readonly OrderItemRow[]): TaxSummary | null {
  if (order.tax_treatment === null && order.tax_cents === 0) return null;
  const rateBp = items.find((item) => item.order_id === order.id && item.tax_rate_bp > 0)?.tax_rate_bp ?? 0;
  const included = order.prices_include_tax === 1;
  return {
    amount: order.tax_cents,
    label: taxLabel({ treatment: order.tax_treatment, rateBp, country: order.tax_country, included }),
    included,
    country: order.tax_country,
    treatment: order.tax_treatment,
    notice: order.tax_notice,
  };
}
