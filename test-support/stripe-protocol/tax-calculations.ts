// Stripe Tax's calculations: each line's VAT in the customer's country, by the account's own registrations (the
// reverse charge for a business buyer), and their JSON with line items expanded as asked.
import { EU_COUNTRIES } from '../../src/shared/taxes/taxes';
import { type Account, now, stripeId, type TaxSetup } from './account';
import { invalidRequest, noSuch } from './errors';
import {
  type FormObject,
  hashList,
  hashParam,
  integerParam,
  metadataParam,
  refuseUnknown,
  requiredInteger,
  requiredString,
  stringParam,
} from './form-params';
import { embeddedList } from './lists';
import { EMPTY_ADDRESS } from './payment-methods';
import type { CustomerDetails, StoredCalculation, StoredCalculationLine, TaxBehavior, TaxId } from './tax-types';

/** The registrations of an account with its head office in Ireland, selling across the EU (OSS) and to the UK. */
export const DEFAULT_TAX_REGISTRATIONS: Readonly<Record<string, string>> = {
  AT: '20.0',
  BE: '21.0',
  DE: '19.0',
  ES: '21.0',
  FI: '25.5',
  FR: '20.0',
  IE: '23.0',
  IT: '22.0',
  NL: '21.0',
  GB: '20.0',
};

/** The account's preset tax code, for a line that names none: General - Electronically Supplied Services. */
const PRESET_TAX_CODE = 'txcd_10000000';

const CALCULATION_LIFETIME_SECONDS = 90 * 24 * 60 * 60;

function countryName(code: string): string {
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}

/** A business buyer's VAT number of its own country's kind: eu_vat in a member state, gb_vat in the UK, no_vat in Norway. */
function isLocalVatId(taxId: TaxId, country: string): boolean {
  if (taxId.type === 'eu_vat') return EU_COUNTRIES.has(country);
  return (taxId.type === 'gb_vat' && country === 'GB') || (taxId.type === 'no_vat' && country === 'NO');
}

/**
 * How the account taxes a sale of digital services to a customer in `country`. A business with its country's VAT
 * number outside the head office's country accounts for the VAT itself (the reverse charge): in the EU whenever the
 * head office is in the EU too, elsewhere where the account is registered. Otherwise a country without a registration
 * is not taxed (not_collecting), and a registered one at its rate.
 */
function taxabilityOf(tax: TaxSetup, country: string, taxIds: readonly TaxId[]) {
  const rate = tax.registrations.get(country);
  const withinEu = EU_COUNTRIES.has(country) && EU_COUNTRIES.has(tax.headOffice);
  const business = taxIds.some((taxId) => isLocalVatId(taxId, country));
  if (business && country !== tax.headOffice && (rate !== undefined || withinEu))
    return { reason: 'reverse_charge' as const, percentage: '0.0' };
  if (rate === undefined) return { reason: 'not_collecting' as const, percentage: null };
  return { reason: 'standard_rated' as const, percentage: rate };
}

/** The tax of a line at `rateBp` basis points, rounded half up: on top of the amount, or inside it (inclusive). */
function taxOf(amount: number, rateBp: number, behavior: TaxBehavior): number {
  if (behavior === 'exclusive') return Math.floor((2 * amount * rateBp + 10_000) / 20_000);
  const divisor = 10_000 + rateBp;
  return Math.floor((2 * amount * rateBp + divisor) / (2 * divisor));
}

function customerDetailsParam(params: FormObject): CustomerDetails {
  if (params.customer_details === undefined)
    throw invalidRequest('Missing required param: customer_details.', {
      code: 'parameter_missing',
      param: 'customer_details',
    });
  const details = hashParam(params, 'customer_details');
  refuseUnknown(details, ['address', 'address_source', 'tax_ids'], 'customer_details');
  const address = hashParam(details, 'address', 'customer_details');
  refuseUnknown(address, ['city', 'country', 'line1', 'line2', 'postal_code', 'state'], 'customer_details[address]');
  const country = requiredString(address, 'country', 'customer_details[address]');
  if (!/^[A-Z]{2}$/.test(country))
    throw invalidRequest(`Invalid country: ${country}`, { param: 'customer_details[address][country]' });
  const source = stringParam(details, 'address_source', 'customer_details');
  if (source !== undefined && source !== 'billing' && source !== 'shipping')
    throw invalidRequest(`Invalid customer_details[address_source]: must be one of billing or shipping`, {
      param: 'customer_details[address_source]',
    });
  const taxIds = (hashList(details, 'tax_ids') ?? []).map((taxId, index) => {
    const prefix = `customer_details[tax_ids][${index}]`;
    refuseUnknown(taxId, ['type', 'value'], prefix);
    const type = requiredString(taxId, 'type', prefix);
    if (!/^[a-z]{2}_[a-z_]+$/.test(type))
      throw invalidRequest(`Invalid ${prefix}[type]: ${type}`, { param: `${prefix}[type]` });
    return { type, value: requiredString(taxId, 'value', prefix) };
  });
  const fields = Object.fromEntries(
    Object.keys(address).map((name) => [name, stringParam(address, name, 'customer_details[address]') ?? null]),
  );
  return {
    address: { ...EMPTY_ADDRESS, ...fields, country },
    address_source: source ?? null,
    ip_address: null,
    tax_ids: taxIds,
    taxability_override: 'none',
  };
}

function calculationLine(
  item: FormObject,
  index: number,
  country: string,
  taxability: ReturnType<typeof taxabilityOf>,
): StoredCalculationLine {
  const prefix = `line_items[${index}]`;
  refuseUnknown(item, ['amount', 'reference', 'quantity', 'tax_behavior', 'tax_code', 'metadata'], prefix);
  const amount = requiredInteger(item, 'amount', prefix);
  if (amount < 0)
    throw invalidRequest(`Invalid non-negative integer: ${prefix}[amount]`, { param: `${prefix}[amount]` });
  const quantity = integerParam(item, 'quantity', prefix) ?? 1;
  if (quantity < 1)
    throw invalidRequest(`Invalid positive integer: ${prefix}[quantity]`, { param: `${prefix}[quantity]` });
  // The account has no default tax behavior: each line says whether its amount includes the tax.
  const behavior = requiredString(item, 'tax_behavior', prefix);
  if (behavior !== 'exclusive' && behavior !== 'inclusive')
    throw invalidRequest(`Invalid ${prefix}[tax_behavior]: must be one of exclusive or inclusive`, {
      param: `${prefix}[tax_behavior]`,
    });
  const taxCode = stringParam(item, 'tax_code', prefix) ?? PRESET_TAX_CODE;
  if (!/^txcd_\d{8}$/.test(taxCode)) throw noSuch('tax code', taxCode, `${prefix}[tax_code]`, 400);
  const rateBp = taxability.percentage === null ? 0 : Math.round(Number(taxability.percentage) * 100);
  const tax = taxOf(amount, rateBp, behavior);
  const taxed = taxability.reason !== 'not_collecting';
  return {
    id: stripeId('tax_li'),
    object: 'tax.calculation_line_item',
    amount,
    amount_tax: tax,
    livemode: false,
    metadata: metadataParam(item),
    performance_location: null,
    product: null,
    quantity,
    reference: stringParam(item, 'reference', prefix) ?? `line_item_${index}`,
    tax_behavior: behavior,
    tax_code: taxCode,
    tax_breakdown: [
      {
        amount: tax,
        jurisdiction: { country, display_name: countryName(country), level: 'country', state: null },
        sourcing: 'destination',
        tax_rate_details:
          taxability.percentage === null
            ? null
            : { display_name: 'VAT', percentage_decimal: taxability.percentage, tax_type: 'vat' },
        taxability_reason: taxability.reason,
        taxable_amount: taxed ? (behavior === 'inclusive' ? amount - tax : amount) : 0,
      },
    ],
  };
}

/** The calculation's tax_breakdown: its lines' taxes summed by reason, rate and whether they are inside the amount. */
function calculationBreakdown(lines: readonly StoredCalculationLine[], country: string): unknown[] {
  const groups = new Map<string, { amount: number; taxable: number; line: StoredCalculationLine }>();
  for (const line of lines) {
    const [entry] = line.tax_breakdown;
    if (!entry) continue;
    const key = `${entry.taxability_reason} ${entry.tax_rate_details?.percentage_decimal} ${line.tax_behavior}`;
    const group = groups.get(key) ?? { amount: 0, taxable: 0, line };
    group.amount += entry.amount;
    group.taxable += entry.taxable_amount;
    groups.set(key, group);
  }
  return [...groups.values()].map(({ amount, taxable, line }) => {
    const rate = line.tax_breakdown[0]?.tax_rate_details ?? null;
    return {
      amount,
      inclusive: line.tax_behavior === 'inclusive',
      tax_rate_details: {
        country,
        flat_amount: null,
        percentage_decimal: rate?.percentage_decimal ?? '0.0',
        rate_type: rate ? 'percentage' : null,
        state: null,
        tax_type: rate ? 'vat' : null,
      },
      taxability_reason: line.tax_breakdown[0]?.taxability_reason,
      taxable_amount: taxable,
    };
  });
}

export function createCalculation(account: Account, params: FormObject): StoredCalculation {
  refuseUnknown(params, ['currency', 'line_items', 'customer_details', 'expand']);
  const currency = requiredString(params, 'currency');
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
  const items = hashList(params, 'line_items');
  if (!items?.length)
    throw invalidRequest('Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
  const customer = customerDetailsParam(params);
  const country = customer.address.country ?? '';
  const taxability = taxabilityOf(account.tax, country, customer.tax_ids);
  const lines = items.map((item, index) => calculationLine(item, index, country, taxability));
  const repeated = lines.find(
    (line, index) => lines.findIndex((other) => other.reference === line.reference) !== index,
  );
  if (repeated)
    throw invalidRequest(`The line item reference '${repeated.reference}' is used twice: each line needs its own.`, {
      param: 'line_items',
    });
  const sumOf = (behavior: TaxBehavior) =>
    lines.filter((line) => line.tax_behavior === behavior).reduce((sum, line) => sum + line.amount_tax, 0);
  const created = now();
  const calculation: StoredCalculation = {
    id: stripeId('taxcalc'),
    object: 'tax.calculation',
    amount_total: lines.reduce((sum, line) => sum + line.amount, 0) + sumOf('exclusive'),
    currency,
    customer: null,
    customer_details: customer,
    expires_at: created + CALCULATION_LIFETIME_SECONDS,
    livemode: false,
    ship_from_details: null,
    shipping_cost: null,
    tax_amount_exclusive: sumOf('exclusive'),
    tax_amount_inclusive: sumOf('inclusive'),
    tax_breakdown: calculationBreakdown(lines, country),
    tax_date: created,
    lines,
  };
  account.taxCalculations.set(calculation.id, calculation);
  return calculation;
}

export function calculationLineJson(line: StoredCalculationLine, withBreakdown: boolean): unknown {
  const { tax_breakdown, ...rest } = line;
  return structuredClone(withBreakdown ? { ...rest, tax_breakdown } : rest);
}

export function calculationJson(calculation: StoredCalculation, expand: ReadonlySet<string>): unknown {
  const { lines, ...rest } = calculation;
  const withBreakdown = expand.has('line_items.data.tax_breakdown');
  if (!expand.has('line_items') && !withBreakdown) return structuredClone(rest);
  const url = `/v1/tax/calculations/${calculation.id}/line_items`;
  return {
    ...structuredClone(rest),
    line_items: embeddedList(lines, url, (line) => calculationLineJson(line, withBreakdown)),
  };
}

export const CALCULATION_EXPANDABLE = ['line_items', 'line_items.data.tax_breakdown'];

export function findCalculation(account: Account, id: string, param: string, status: number): StoredCalculation {
  const calculation = account.taxCalculations.get(id);
  if (!calculation) throw noSuch('tax calculation', id, param, status);
  return calculation;
}
