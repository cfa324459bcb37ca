import { taxLabel, type TaxSummary } from '#shared/taxes/tax-summary.ts';
import type { TaxTreatment } from '#shared/taxes/taxes.ts';
import type { TaxConfig } from '../../tax-config';
import { decideBusinessBuyer } from './business-buyer';
import type { ViesCache } from './vies-cache';
import { placeOfSupply } from './place-of-supply';
import type { TaxCalculator } from './tax-calculator';
import { taxLines, type TaxedLine } from './tax-lines';

export interface OrderTaxDeps {
  tax: TaxConfig;
  taxCalculator: TaxCalculator;
  viesCache?: ViesCache | undefined;
}

export interface OrderTaxInput {
  /** The order's number, or 'quote'. */
  reference: string;
  currency: string;
  /** Each line after its share of the discount. */
  lines: ReadonlyArray<{ reference: string; amountCents: number; quantity: number }>;
  billingCountry: string | null;
  cardCountry: string | null;
  /** The buyer's choice when billing and card countries disagree. */
  confirmedCountry: string | null;
  vatNumber: string | null | undefined;
}

export interface OrderTax {
  lines: TaxedLine[];
  taxCents: number;
  /** What is charged: the lines with their tax. */
  totalCents: number;
  /** The place of supply; null while no country is known. */
  country: string | null;
  confirmedByBuyer: boolean;
  /** null: no tax decided (the store charges none, or no country yet). */
  treatment: TaxTreatment | null;
  scheme: string | null;
  calculationId: string | null;
  /** A business buyer's number, normalised, when it earned the reverse charge. */
  vatNumber: string | null;
  vatNumberCheckedBy: 'vies' | 'format' | null;
  /** Why VAT is charged although the buyer gave a VAT number. */
  notice: string | null;
}

export type OrderTaxOutcome =
  | { status: 'taxed'; tax: OrderTax }
  | { status: 'mismatch'; billingCountry: string; cardCountry: string }
  /** A VAT number that is not one: the checkout answers 400 naming `vatNumber`. */
  | { status: 'refused'; problem: string };

/** Whether the store charges tax at all: a registration, or Stripe Tax deciding. */
export const chargesTax = (tax: TaxConfig) => tax.registrations.size > 0 || tax.stripeTax;

function untaxed(amounts: readonly number[], country: string | null, confirmedByBuyer = false): OrderTax {
  const lines = taxLines(amounts, 0, false);
  return {
    lines,
    taxCents: 0,
    totalCents: lines.reduce((sum, line) => sum + line.grossCents, 0),
    country,
    confirmedByBuyer,
    treatment: null,
    scheme: null,
    calculationId: null,
    vatNumber: null,
    vatNumberCheckedBy: null,
    notice: null,
  };
}

/**
 * The tax of an order, from the evidence of where the buyer lives and a business buyer's VAT number. Without a
 * registration nothing is charged and the countries are only recorded. A business with the reverse charge is
 * supplied where its number was issued; a consumer where the evidence agrees (or where they said, when it did not).
 */
export async function taxOrder(deps: OrderTaxDeps, input: OrderTaxInput): Promise<OrderTaxOutcome> {
  const amounts = input.lines.map((line) => line.amountCents);
  const place = placeOfSupply(input);
  if (!chargesTax(deps.tax)) {
    const country = place.status === 'known' ? place.country : (input.billingCountry ?? input.cardCountry);
    return { status: 'taxed', tax: untaxed(amounts, country) };
  }
  if (place.status === 'mismatch')
    return { status: 'mismatch', billingCountry: place.billingCountry, cardCountry: place.cardCountry };
  const business = await decideBusinessBuyer({
    vatNumber: input.vatNumber,
    sellerCountry: deps.tax.seller.country,
    registrations: deps.tax.registrations,
    viesUrl: deps.tax.viesUrl,
    viesCache: deps.viesCache,
  });
  if (business.kind === 'refused') return { status: 'refused', problem: business.problem };
  const reverseCharge = business.kind === 'reverse-charge' ? business : null;
  const country = reverseCharge?.country ?? (place.status === 'known' ? place.country : null);
  const confirmedByBuyer = place.status === 'known' && place.confirmedByBuyer;
  if (!country) return { status: 'taxed', tax: untaxed(amounts, null) };

  const answer = await deps.taxCalculator.calculate({
    reference: input.reference,
    currency: input.currency,
    pricesIncludeTax: deps.tax.pricesIncludeTax,
    country,
    business: reverseCharge ? { vatNumber: reverseCharge.vatNumber, reverseCharge: true } : null,
    lines: input.lines,
  });
  const sum = (pick: (line: TaxedLine) => number) => answer.lines.reduce((total, line) => total + pick(line), 0);
  return {
    status: 'taxed',
    tax: {
      lines: answer.lines,
      taxCents: sum((line) => line.taxCents),
      totalCents: sum((line) => line.grossCents),
      country: answer.country,
      confirmedByBuyer,
      treatment: answer.treatment,
      scheme: answer.scheme,
      calculationId: answer.calculationId,
      vatNumber: reverseCharge?.vatNumber ?? null,
      vatNumberCheckedBy: reverseCharge?.verifiedBy ?? null,
      notice: business.kind === 'consumer' ? business.notice : null,
    },
  };
}

/** The tax line the cart and checkout show for an order's tax; null where the store charges none. */
export function taxSummaryOfQuote(config: TaxConfig, tax: OrderTax): TaxSummary | null {
  if (!chargesTax(config)) return null;
  const rateBp = tax.lines.find((line) => line.rateBp > 0)?.rateBp ?? 0;
  const included = config.pricesIncludeTax;
  return {
    amount: tax.taxCents,
    label: taxLabel({ treatment: tax.treatment, rateBp, country: tax.country, included }),
    included,
    country: tax.country,
    treatment: tax.treatment,
    notice: tax.notice,
  };
}
