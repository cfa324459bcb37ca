import type { ColumnType, Generated } from 'kysely';
import type { OrderStatus } from '../../shared/orders/checkout';
import type { LicenceTier } from '../../shared/licences/licences';
import type { TaxTreatment } from '../../shared/taxes/taxes';
import type { Timestamp } from './column-types';

// An order and its lines, with what each was charged (prices, discounts, tax), kept apart from schema.ts, which
// names them in `Database`.

export interface OrdersTable {
  id: Generated<number>;
  order_number: string;
  /** Null for a guest's order (decision 0058) until the address joins an account. */
  user_id: number | null;
  /** Trimmed and lower-cased: a guest is known by it. */
  customer_email: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  status: OrderStatus;
  /** The payment provider that took the payment, or 'free' for an order of $0.00 that took none. */
  provider: 'test' | 'stripe' | 'free';
  payment_intent_id: string | null;
  cart_key: string;
  amount_cents: number;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
  /** How it was paid: the provider's method type ('card', 'ideal', 'link'…) and its label for people. */
  payment_method_type: ColumnType<string | null, string | null | undefined, string | null>;
  payment_method_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** A method without a card: the country it tells of the payer (a bank account's), VAT evidence beside billing. */
  payment_method_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** Since when the provider reports the payment as settling (a bank debit, a redirect finished); null otherwise. */
  payment_processing_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  refunded_cents: ColumnType<number, number | undefined, number>;
  /** The lines at their (sale) prices; amount_cents = subtotal_cents − discount_cents. */
  subtotal_cents: ColumnType<number, number | undefined, number>;
  discount_cents: ColumnType<number, number | undefined, number>;
  discount_id: ColumnType<number | null, number | null | undefined, number | null>;
  discount_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** The tax charged: inside amount_cents with prices_include_tax = 1, added to it otherwise. */
  tax_cents: ColumnType<number, number | undefined, number>;
  prices_include_tax: ColumnType<number, number | undefined, number>;
  /** The place-of-supply evidence: the billing address's and the card's countries, and the buyer's choice. */
  billing_country: ColumnType<string | null, string | null | undefined, string | null>;
  card_country: ColumnType<string | null, string | null | undefined, string | null>;
  country_confirmed: ColumnType<number, number | undefined, number>;
  /** The country whose tax was charged (or that was outside the store's registrations). */
  tax_country: ColumnType<string | null, string | null | undefined, string | null>;
  tax_scheme: ColumnType<string | null, string | null | undefined, string | null>;
  tax_treatment: ColumnType<TaxTreatment | null, TaxTreatment | null | undefined, TaxTreatment | null>;
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  vat_number_checked_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why VAT was charged despite a VAT number, as the buyer was told. */
  tax_notice: ColumnType<string | null, string | null | undefined, string | null>;
  tax_calculation_id: ColumnType<string | null, string | null | undefined, string | null>;
  tax_transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the card's country was checked against the billing country; null before (or with no tax to charge). */
  tax_evidence_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  /** The guest library link's version: a re-issue raises it, so the links made before stop working. */
  guest_link_version: ColumnType<number, number | undefined, number>;
  /** Set when the owner revoked the guest library link. */
  guest_link_revoked_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  /** When its buyer deleted their account (migration 0035, decision 0074): kept without the person. */
  account_deleted_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  artwork_id: number;
  title: string;
  artist: string;
  /** After an automatic sale; list_unit_price_cents is before it. */
  unit_price_cents: number;
  list_unit_price_cents: ColumnType<number, number | undefined, number>;
  quantity: number;
  /** The line's share of the order's discount: line_total_cents = unit_price_cents × quantity − discount_cents. */
  discount_cents: ColumnType<number, number | undefined, number>;
  line_total_cents: number;
  /** The line without tax, and its tax: net + tax is what the buyer paid for it. */
  net_cents: ColumnType<number, number | undefined, number>;
  tax_cents: ColumnType<number, number | undefined, number>;
  tax_rate_bp: ColumnType<number, number | undefined, number>;
  private_file_key: ColumnType<string | null, string | null | undefined, string | null>;
  google_drive_link: ColumnType<string | null, string | null | undefined, string | null>;
  dimensions: ColumnType<string | null, string | null | undefined, string | null>;
  format: ColumnType<string | null, string | null | undefined, string | null>;
  preview_url: ColumnType<string | null, string | null | undefined, string | null>;
  licence: ColumnType<LicenceTier, LicenceTier | undefined, LicenceTier>;
  /** The version of the licence's terms it was sold under; null for lines sold before terms had versions. */
  licence_terms_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** The set the line is a piece of, bought whole (migration 0030); null for an artwork bought on its own. */
  set_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The owner's refund of this line alone, once applied (migration 0032): its downloads and certificate end. */
  line_refund_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The Personal line this Commercial line upgrades (migration 0031, decision 0068); null for any other line. */
  upgrade_of_item_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The set's title when the line was priced (migration 0033): receipts and invoices name the set as bought. */
  set_title: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A refund of one line of an order, an artwork's or a set's lines (migration 0032, decision 0071). */
export interface LineRefundsTable {
  id: Generated<number>;
  order_id: number;
  /** 'item:<order item id>' or 'set:<set id>': unique per order, so the same line is refunded once. */
  line_key: string;
  /** The order items it covers, a JSON array of ids. */
  item_ids: string;
  /** What the buyer paid for those lines: their net and tax, after the discount. */
  amount_cents: number;
  created_at: Timestamp;
  /** Null while the provider is being asked; set with the order's refund total in the lifecycle's transaction. */
  applied_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}
