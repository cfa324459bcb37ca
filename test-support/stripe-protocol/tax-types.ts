// The objects Stripe Tax stores, in Stripe's JSON shape: calculations and their line items, transactions (sales and
// reversals) and theirs.
import type { BillingAddress } from './types';

export type TaxBehavior = 'exclusive' | 'inclusive';
type TaxabilityReason = 'standard_rated' | 'reverse_charge' | 'not_collecting';

export interface TaxId {
  type: string;
  value: string;
}

export interface CustomerDetails {
  address: BillingAddress;
  address_source: 'billing' | 'shipping' | null;
  ip_address: null;
  tax_ids: TaxId[];
  taxability_override: 'none';
}

interface LineTaxBreakdown {
  amount: number;
  jurisdiction: { country: string; display_name: string; level: 'country'; state: null };
  sourcing: 'destination';
  tax_rate_details: { display_name: string; percentage_decimal: string; tax_type: 'vat' } | null;
  taxability_reason: TaxabilityReason;
  taxable_amount: number;
}

export interface StoredCalculationLine {
  id: string;
  object: 'tax.calculation_line_item';
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string>;
  performance_location: null;
  product: null;
  quantity: number;
  reference: string;
  tax_behavior: TaxBehavior;
  tax_code: string;
  /** Included in the JSON only when expanded (line_items.data.tax_breakdown, or data.tax_breakdown when listed). */
  tax_breakdown: LineTaxBreakdown[];
}

export interface StoredCalculation {
  id: string;
  object: 'tax.calculation';
  amount_total: number;
  currency: string;
  customer: null;
  customer_details: CustomerDetails;
  expires_at: number;
  livemode: false;
  ship_from_details: null;
  shipping_cost: null;
  tax_amount_exclusive: number;
  tax_amount_inclusive: number;
  tax_breakdown: unknown[];
  tax_date: number;
  /** Its line_items, in the JSON only when expanded. */
  lines: StoredCalculationLine[];
}

export interface StoredTaxTransactionLine {
  id: string;
  object: 'tax.transaction_line_item';
  /** Negative in a reversal. */
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string>;
  product: null;
  quantity: number;
  reference: string;
  reversal: { original_line_item: string } | null;
  tax_behavior: TaxBehavior;
  tax_code: string;
  type: 'transaction' | 'reversal';
}

export interface StoredTaxTransaction {
  id: string;
  object: 'tax.transaction';
  created: number;
  currency: string;
  customer: null;
  customer_details: CustomerDetails;
  livemode: false;
  metadata: Record<string, string>;
  posted_at: number;
  reference: string;
  reversal: { original_transaction: string } | null;
  ship_from_details: null;
  shipping_cost: null;
  tax_date: number;
  type: 'transaction' | 'reversal';
  /** Its line_items, in the JSON only when expanded. */
  lines: StoredTaxTransactionLine[];
  /** Not Stripe's field: how a reversal was asked for (a full reversal ends the sale's reversals). */
  mode: 'full' | 'partial' | null;
}
