import type { TaxTreatment } from '#shared/taxes/taxes.ts';

/** An order's tax, as the pricing path found it: what the order's tax columns hold. */
export interface OrderTaxColumns {
  taxCents: number;
  pricesIncludeTax: boolean;
  billingCountry: string | null;
  country: string | null;
  confirmedByBuyer: boolean;
  treatment: TaxTreatment | null;
  scheme: string | null;
  vatNumber: string | null;
  vatNumberCheckedBy: string | null;
  notice: string | null;
  calculationId: string | null;
}

/** The order's tax columns, as written when it is made and when the card's country taxes it again. */
export const taxColumnsOf = (tax: OrderTaxColumns) => ({
  tax_cents: tax.taxCents,
  prices_include_tax: tax.pricesIncludeTax ? 1 : 0,
  billing_country: tax.billingCountry,
  tax_country: tax.country,
  country_confirmed: tax.confirmedByBuyer ? 1 : 0,
  tax_treatment: tax.treatment,
  tax_scheme: tax.scheme,
  vat_number: tax.vatNumber,
  vat_number_checked_by: tax.vatNumberCheckedBy,
  tax_notice: tax.notice,
  tax_calculation_id: tax.calculationId,
});
