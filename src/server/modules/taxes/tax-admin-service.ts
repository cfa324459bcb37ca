import type { Kysely } from 'kysely';
import { parseEurRate, quarterBounds, TAX_REPORT_MESSAGES } from '#shared/taxes/tax-report.ts';
import type { EurRateSaved, TaxReport, TaxSettingsView } from '#shared/taxes/tax-report-schema.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { displayNumber } from './document-numbers';
import { buildTaxReport } from './tax-report';
import {
  documentCountsIssuedIn,
  findEurRate,
  lineGroupsIssuedIn,
  nextDocumentNumbers,
  saveEurRate,
} from './tax-report-repository';
import { taxRuleFor } from './tax-rule';
import { STANDARD_VAT_RATES_BP, VAT_RATES_DATE } from './vat-rates';

type Db = Kysely<Database>;

/** The rates the built-in table charges under the store's registrations, by country: what the checkout applies. */
function ratesCharged(config: Config): TaxSettingsView['rates'] {
  const settings = { registrations: config.tax.registrations, sellerCountry: config.tax.seller.country };
  return Object.keys(STANDARD_VAT_RATES_BP)
    .sort()
    .flatMap((country) => {
      const rule = taxRuleFor(settings, country, false);
      return rule.treatment === 'vat' ? [{ country, scheme: rule.scheme, rateBp: rule.rateBp }] : [];
    });
}

/** The tax settings as the server runs with them (environment variables, read at start), for the owner to check. */
export async function taxSettingsView(db: Db, config: Config): Promise<TaxSettingsView> {
  const { tax } = config;
  const next = await nextDocumentNumbers(db);
  const invoiceNext = next.invoice ?? tax.invoiceFirstNumber;
  const creditNoteNext = next.credit_note ?? 1;
  return {
    seller: tax.seller,
    storeName: config.storeName,
    registrations: [...tax.registrations],
    currency: tax.currency,
    pricesIncludeTax: tax.pricesIncludeTax,
    invoice: {
      prefix: tax.invoicePrefix,
      nextNumber: invoiceNext,
      nextDisplay: displayNumber(tax.invoicePrefix, invoiceNext),
    },
    creditNote: {
      prefix: tax.creditNotePrefix,
      nextNumber: creditNoteNext,
      nextDisplay: displayNumber(tax.creditNotePrefix, creditNoteNext),
    },
    viesConfigured: tax.viesUrl !== undefined,
    stripeTax: tax.stripeTax,
    ratesDate: VAT_RATES_DATE,
    rates: ratesCharged(config),
  };
}

/**
 * A quarter's report (decision 0043): the documents issued in it, in the store's currency, summed per country,
 * scheme, treatment and rate. The euro figures use `givenRate` when the page asks with one, else the rate kept for
 * the quarter; a store that charges euros has none.
 */
export async function quarterReport(db: Db, config: Config, quarter: string, givenRate?: string): Promise<TaxReport> {
  const period = quarterBounds(quarter);
  if (!period) throw new InvalidInputError(TAX_REPORT_MESSAGES.quarter, { quarter: [TAX_REPORT_MESSAGES.quarter] });
  const currency = config.tax.currency;
  const storedEurRate = await findEurRate(db, quarter);
  const rateText = currency === 'eur' ? null : (givenRate ?? storedEurRate);
  const rate = rateText === null ? null : parseEurRate(rateText);
  const [groups, counts] = await Promise.all([lineGroupsIssuedIn(db, period), documentCountsIssuedIn(db, period)]);
  const ours = counts.filter((count) => count.currency === currency);
  const documentsOf = (kind: string) =>
    ours.filter((count) => count.kind === kind).reduce((total, count) => total + count.documents, 0);
  const others = new Map<string, number>();
  for (const count of counts)
    if (count.currency !== currency) others.set(count.currency, (others.get(count.currency) ?? 0) + count.documents);
  const { rows, totals } = buildTaxReport(
    groups.filter((group) => group.currency === currency),
    { invoices: documentsOf('invoice'), creditNotes: documentsOf('credit_note') },
    rate?.micros ?? null,
  );
  return {
    quarter,
    from: period.start.toISOString().slice(0, 10),
    to: new Date(period.end.getTime() - 1).toISOString().slice(0, 10),
    currency,
    rows,
    totals,
    eurRate: rate ? { rate: rate.text, source: givenRate === undefined ? 'stored' : 'given' } : null,
    storedEurRate,
    otherCurrencies: [...others].map(([code, documents]) => ({ currency: code, documents })),
  };
}

/** Keeps the euro rate the owner entered for a quarter; a store that charges euros needs none. */
export async function saveQuarterEurRate(
  db: Db,
  config: Config,
  quarter: string,
  rate: string,
  now = new Date(),
): Promise<EurRateSaved> {
  if (config.tax.currency === 'eur')
    throw new InvalidInputError(TAX_REPORT_MESSAGES.eurStore, { rate: [TAX_REPORT_MESSAGES.eurStore] });
  const parsed = parseEurRate(rate);
  if (!parsed) throw new InvalidInputError(TAX_REPORT_MESSAGES.eurRate, { rate: [TAX_REPORT_MESSAGES.eurRate] });
  await saveEurRate(db, quarter, parsed.text, now);
  return { quarter, rate: parsed.text };
}
