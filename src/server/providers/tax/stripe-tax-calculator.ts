import type Stripe from 'stripe';
import { EU_COUNTRIES, type TaxTreatment } from '#shared/taxes/taxes.ts';
import type { TaxAnswer, TaxCalculator, TaxedLine, TaxQuestion } from '../../modules/taxes';
import { loadStripe, STRIPE_API_VERSION, type StripePaymentsOptions } from '../payments/stripe-payments';

// Stripe Tax works out the tax (STRIPE_TAX=true): one Tax Calculation per question, recorded as a Tax Transaction
// once the order is paid, and reversed by refunds. Stripe's registrations and reverse-charge rules decide; the store
// keeps Stripe's cents line by line, so the order, its invoice and the payment carry the same amounts.

/**
 * The product tax code of every line. The store sells downloadable image files that the buyer keeps:
 * txcd_10501000, "Digital Photographs/Images - downloaded - non subscription - with permanent rights" ("digital
 * images that are downloaded to a device with permanent access granted"). Not txcd_10505001 (Digital Finished
 * Artwork), which is art supplied for reproduction, nor the catch-all txcd_10000000 (General - Electronically Supplied
 * Services), which some US states tax differently. In the EU, the UK and Norway all three are electronically supplied
 * services at the standard rate.
 */
export const DIGITAL_IMAGE_TAX_CODE = 'txcd_10501000';

/** Reasons Stripe gives for taxing nothing because the sale is outside what the account collects. */
const NOT_COLLECTED: ReadonlySet<string> = new Set(['not_collecting', 'not_supported', 'not_subject_to_tax']);

/** The most line items a list page may hold. */
const PAGE_SIZE = 100;

type CalculationLine = Stripe.Tax.CalculationLineItem;

export class StripeTaxCalculator implements TaxCalculator {
  readonly name = 'stripe-tax' as const;

  constructor(private readonly stripe: Stripe) {}

  async calculate(question: TaxQuestion): Promise<TaxAnswer> {
    const { country } = question;
    if (question.lines.length === 0)
      return { lines: [], treatment: 'outside', scheme: null, country, calculationId: null };
    const taxId = question.business ? taxIdOf(question.business.vatNumber) : null;
    const calculation = await this.stripe.tax.calculations.create({
      currency: question.currency.toLowerCase(),
      line_items: question.lines.map((line) => ({
        amount: line.amountCents,
        quantity: line.quantity,
        reference: line.reference,
        tax_behavior: question.pricesIncludeTax ? 'inclusive' : 'exclusive',
        tax_code: DIGITAL_IMAGE_TAX_CODE,
      })),
      customer_details: {
        address: { country },
        address_source: 'billing',
        ...(taxId ? { tax_ids: [taxId] } : {}),
      },
      expand: ['line_items.data.tax_breakdown'],
    });
    const calculationId = calculation.id;
    if (!calculationId) throw new Error('Stripe Tax answered a calculation without an id.');
    const byReference = new Map((await this.linesOf(calculation)).map((line) => [line.reference, line]));
    const answered = question.lines.map((line) => {
      const taxed = byReference.get(line.reference);
      if (!taxed) throw new Error(`Stripe Tax's calculation ${calculationId} has no line '${line.reference}'.`);
      return taxed;
    });
    const treatment = treatmentOf(answered);
    return {
      lines: answered.map(taxedLineOf),
      treatment,
      scheme: treatment === 'outside' ? null : 'stripe-tax',
      country,
      calculationId,
    };
  }

  async recordSale(sale: { calculationId: string | null; orderNumber: string }): Promise<string | null> {
    if (!sale.calculationId) return null;
    // The order number is the transaction's reference, unique at Stripe; the key makes a retry give the same one.
    const transaction = await this.stripe.tax.transactions.createFromCalculation(
      { calculation: sale.calculationId, reference: sale.orderNumber },
      { idempotencyKey: `tax-sale-${sale.orderNumber}` },
    );
    return transaction.id;
  }

  async recordRefund(refund: {
    transactionId: string | null;
    orderNumber: string;
    amountCents: number;
    full: boolean;
    reference: string;
  }): Promise<string | null> {
    if (!refund.transactionId || refund.amountCents <= 0) return null;
    // A full reversal reverses the whole sale even after partial ones (Stripe says so: it "doesn't affect previous
    // partial reversals"), so the rest of a partly refunded sale is reversed as a flat amount: Stripe spreads it
    // over the lines by what is left of each.
    const whole = refund.full && (await this.totalOf(refund.transactionId)) === refund.amountCents;
    const reversal = await this.stripe.tax.transactions.createReversal(
      {
        original_transaction: refund.transactionId,
        reference: refund.reference,
        ...(whole ? { mode: 'full' } : { mode: 'partial', flat_amount: -refund.amountCents }),
      },
      { idempotencyKey: `tax-refund-${refund.reference}` },
    );
    return reversal.id;
  }

  /** Every line of the calculation: the expanded list holds the first page only. */
  private async linesOf(calculation: Stripe.Tax.Calculation): Promise<CalculationLine[]> {
    const embedded = calculation.line_items;
    if (embedded && !embedded.has_more) return embedded.data;
    return this.stripe.tax.calculations
      .listLineItems(calculation.id ?? '', { expand: ['data.tax_breakdown'], limit: PAGE_SIZE })
      .autoPagingToArray({ limit: 10_000 });
  }

  /** What the buyer paid for the sale, tax included. */
  private async totalOf(transactionId: string): Promise<number> {
    const lines = await this.stripe.tax.transactions
      .listLineItems(transactionId, { limit: PAGE_SIZE })
      .autoPagingToArray({ limit: 10_000 });
    return lines.reduce(
      (sum, line) => sum + line.amount + (line.tax_behavior === 'inclusive' ? 0 : line.amount_tax),
      0,
    );
  }
}

/** A Stripe client for Stripe Tax, on the store's Stripe account and API version (and, in tests, a loopback API). */
export function createStripeTaxCalculator(options: Pick<StripePaymentsOptions, 'secretKey' | 'apiHost'>) {
  return new StripeTaxCalculator(
    new (loadStripe())(options.secretKey, { apiVersion: STRIPE_API_VERSION, ...options.apiHost }),
  );
}

/** EU VAT numbers start with the member state's code, Greece's with EL. */
const EU_VAT_PREFIXES: ReadonlySet<string> = new Set([...EU_COUNTRIES].map((code) => (code === 'GR' ? 'EL' : code)));

/**
 * A business buyer's VAT number as the tax id Stripe knows it by: eu_vat (DE123456789), gb_vat (GB123456789), no_vat
 * (Stripe's form is 123456789MVA, without the country code). Null for any other kind: the buyer is then taxed as a
 * consumer.
 */
export function taxIdOf(vatNumber: string): { type: 'eu_vat' | 'gb_vat' | 'no_vat'; value: string } | null {
  const prefix = vatNumber.slice(0, 2);
  if (EU_VAT_PREFIXES.has(prefix)) return { type: 'eu_vat', value: vatNumber };
  if (prefix === 'GB') return { type: 'gb_vat', value: vatNumber };
  if (prefix === 'NO') {
    const digits = vatNumber.slice(2).replace(/MVA$/, '');
    return { type: 'no_vat', value: `${digits}MVA` };
  }
  return null;
}

function breakdownOf(line: CalculationLine): Stripe.Tax.CalculationLineItem.TaxBreakdown[] {
  if (!line.tax_breakdown) throw new Error(`Stripe Tax answered line '${line.reference}' without its tax breakdown.`);
  return line.tax_breakdown;
}

/**
 * The reverse charge when Stripe gives it; outside when Stripe collects nothing there (no registration in the
 * country); VAT otherwise, a rate of 0 included.
 */
function treatmentOf(lines: readonly CalculationLine[]): TaxTreatment {
  const reasons = lines.flatMap((line) => breakdownOf(line).map((entry) => entry.taxability_reason));
  if (reasons.includes('reverse_charge')) return 'reverse-charge';
  const taxed = lines.some((line) => line.amount_tax > 0);
  if (!taxed && reasons.every((reason) => NOT_COLLECTED.has(reason))) return 'outside';
  return 'vat';
}

/** Stripe's line in the store's terms: net, tax and gross cents, and the rate in basis points ('19.0' → 1900). */
function taxedLineOf(line: CalculationLine): TaxedLine {
  const percentage = breakdownOf(line).reduce(
    (sum, entry) => sum + Number(entry.tax_rate_details?.percentage_decimal ?? 0),
    0,
  );
  const rateBp = Math.round(percentage * 100);
  if (line.tax_behavior === 'inclusive') {
    return { netCents: line.amount - line.amount_tax, taxCents: line.amount_tax, grossCents: line.amount, rateBp };
  }
  return { netCents: line.amount, taxCents: line.amount_tax, grossCents: line.amount + line.amount_tax, rateBp };
}
