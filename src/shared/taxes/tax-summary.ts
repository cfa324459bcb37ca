// The tax line the cart, the checkout, receipts and order pages show, and its words. No zod here: the browser
// loads it.

import { countryName, formatRate, type TaxTreatment } from './taxes';

export interface TaxSummary {
  /** Cents: added to the total, or inside it when `included`. */
  amount: number;
  label: string;
  included: boolean;
  /** The place of supply; null until a country is known. */
  country: string | null;
  treatment: TaxTreatment | null;
  /** Why VAT is charged although the buyer gave a VAT number; null otherwise. */
  notice: string | null;
}

/**
 * 'VAT 19 % (Germany)', 'incl. VAT 19 % (Germany)' with prices that include it, 'VAT: reverse charge' for a business
 * buyer, 'Tax' where the store collects none, and 'VAT' until the country is known.
 */
export function taxLabel(tax: {
  treatment: TaxTreatment | null;
  rateBp: number;
  country: string | null;
  included: boolean;
}) {
  if (tax.treatment === 'reverse-charge') return 'VAT: reverse charge';
  if (tax.treatment === 'vat' && tax.country) {
    const vat = `VAT ${formatRate(tax.rateBp)} (${countryName(tax.country)})`;
    return tax.included ? `incl. ${vat}` : vat;
  }
  if (tax.treatment === 'outside') return 'Tax';
  return tax.included ? 'incl. VAT' : 'VAT';
}
