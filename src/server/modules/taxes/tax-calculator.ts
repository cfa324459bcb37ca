import type { TaxTreatment } from '#shared/taxes/taxes.ts';
import type { TaxedLine } from './tax-lines';

// Who works out the tax of an order: the built-in rate table (table-tax-calculator.ts), or Stripe Tax
// (providers/tax/stripe-tax-calculator.ts, with STRIPE_TAX=true), whose own registrations and reverse-charge rules
// then win. Both answer per line, so the order, its invoice and the payment carry the same cents.

export interface TaxQuestion {
  /** The order's number, or 'quote' for the cart's preview. */
  reference: string;
  currency: string;
  pricesIncludeTax: boolean;
  /** The place of supply: the country the evidence agreed on (or the buyer confirmed). */
  country: string;
  /** A business buyer's VAT number, normalised ('DE123456789'), and whether the store's own rules give it the reverse charge. */
  business: { vatNumber: string; reverseCharge: boolean } | null;
  /** Each line's amount after its share of the discount (discounts apply before tax), in the shop's prices. */
  lines: ReadonlyArray<{ reference: string; amountCents: number; quantity: number }>;
}

export interface TaxAnswer {
  /** One per question line, in the same order. */
  lines: TaxedLine[];
  treatment: TaxTreatment;
  /** Which registration taxed it (tax-rule.ts's schemes, or 'stripe-tax'); null when nothing was taxed. */
  scheme: string | null;
  country: string;
  /** Stripe Tax's calculation, recorded as a transaction once the order is paid. */
  calculationId: string | null;
}

export interface TaxCalculator {
  readonly name: 'table' | 'stripe-tax';
  calculate(question: TaxQuestion): Promise<TaxAnswer>;
  /** After the payment: Stripe Tax's transaction from the calculation (its id); null when nothing is recorded. */
  recordSale(sale: { calculationId: string | null; orderNumber: string }): Promise<string | null>;
  /** After a refund of `amountCents` (all that was left when `full`): Stripe Tax's reversal (its id), or null. */
  recordRefund(refund: {
    transactionId: string | null;
    orderNumber: string;
    amountCents: number;
    full: boolean;
    /** Unique per refund: the reversal's reference. */
    reference: string;
  }): Promise<string | null>;
}
