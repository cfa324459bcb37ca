import { countryName, type TaxTreatment } from '#shared/taxes/taxes.ts';
import type { TaxReport, TaxReportRow } from '#shared/taxes/tax-report-schema.ts';
import type { TaxDocumentKind } from '../../db/tax-tables';

// The quarterly tax report, worked out from the documents' lines (decision 0043). Pure: the repository hands in
// the sums per country, scheme, treatment, rate and kind of document; this adds them up, converts to euros and
// writes the CSV.

/** One kind of document's lines for one country, scheme, treatment and rate: signed sums, and how many documents. */
export interface LineGroup {
  country: string;
  scheme: string | null;
  treatment: TaxTreatment;
  rateBp: number;
  kind: TaxDocumentKind;
  netCents: number;
  taxCents: number;
  documents: number;
}

/**
 * Cents of the store's currency in euro cents, at `rateMicros` (the ECB's rate × 1,000,000: units of the store's
 * currency for 1 EUR). THE RULE: euros = amount ÷ rate, rounded half up to the cent — on the amount's size, so a
 * negative amount (a quarter's credit notes) converts to exactly minus what the same positive amount does. Integer
 * arithmetic throughout, so 0.5 of a cent is never lost to floating point. The report converts each row on its
 * own; its euro totals are the sums of the converted rows (not the converted totals), so the rows add up to them.
 */
export function toEuroCents(cents: number, rateMicros: number): number {
  const size = BigInt(Math.abs(cents)) * 1_000_000n;
  const rate = BigInt(rateMicros);
  const euros = Number((2n * size + rate) / (2n * rate));
  return cents < 0 ? -euros : euros;
}

/** documentCountryOf's code for a sale whose country was never known (no tax charged, no billing address). */
const UNKNOWN_COUNTRY = 'XX';

const keyOf = (group: Pick<LineGroup, 'country' | 'scheme' | 'treatment' | 'rateBp'>) =>
  [group.country, group.scheme ?? '', group.treatment, group.rateBp].join('|');

/** By country (its code), then the highest rate first (as the documents list theirs), then scheme and treatment. */
function compareRows(a: TaxReportRow, b: TaxReportRow): number {
  return (
    a.country.localeCompare(b.country) ||
    b.rateBp - a.rateBp ||
    (a.scheme ?? '').localeCompare(b.scheme ?? '') ||
    a.treatment.localeCompare(b.treatment)
  );
}

/**
 * The report's rows and totals: each country, scheme, treatment and rate once, its invoices and credit notes added
 * together (the credit notes' lines are negative, so refunds are netted in the quarter of the credit note). The
 * documents counted in the totals are `documents` (a document with lines at two rates is in two rows, once here).
 */
export function buildTaxReport(
  groups: readonly LineGroup[],
  documents: { invoices: number; creditNotes: number },
  rateMicros: number | null,
): Pick<TaxReport, 'rows' | 'totals'> {
  const byKey = new Map<string, TaxReportRow>();
  for (const group of groups) {
    const key = keyOf(group);
    const row = byKey.get(key) ?? {
      country: group.country,
      countryName: group.country === UNKNOWN_COUNTRY ? 'Country not known' : countryName(group.country),
      scheme: group.scheme,
      treatment: group.treatment,
      rateBp: group.rateBp,
      netCents: 0,
      taxCents: 0,
      invoices: 0,
      creditNotes: 0,
      eurNetCents: null,
      eurTaxCents: null,
    };
    row.netCents += group.netCents;
    row.taxCents += group.taxCents;
    if (group.kind === 'invoice') row.invoices += group.documents;
    else row.creditNotes += group.documents;
    byKey.set(key, row);
  }
  const rows = [...byKey.values()].sort(compareRows);
  if (rateMicros !== null) {
    for (const row of rows) {
      row.eurNetCents = toEuroCents(row.netCents, rateMicros);
      row.eurTaxCents = toEuroCents(row.taxCents, rateMicros);
    }
  }
  const sum = (pick: (row: TaxReportRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    rows,
    totals: {
      netCents: sum((row) => row.netCents),
      taxCents: sum((row) => row.taxCents),
      ...documents,
      eurNetCents: rateMicros === null ? null : sum((row) => row.eurNetCents ?? 0),
      eurTaxCents: rateMicros === null ? null : sum((row) => row.eurTaxCents ?? 0),
    },
  };
}

/** '1234.56', '-0.05': cents as a decimal with two places, exactly. */
export function centsText(cents: number): string {
  const size = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(size / 100)}.${String(size % 100).padStart(2, '0')}`;
}

/**
 * A text field as RFC 4180 wants it: in quotes when it holds a comma, a quote or a line break (quotes doubled). Text
 * a spreadsheet would run as a formula (= + - @ first) gets an apostrophe in front. Figures are written by the
 * report itself and go in as they are.
 */
function csvText(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** '19', '25.5': a rate in basis points as a percentage, for a spreadsheet. */
const ratePercent = (rateBp: number) => String(rateBp / 100);

/**
 * The report's rows as CSV (RFC 4180, CRLF line ends, a header row): each country's code and name, scheme, treatment,
 * rate, net and tax in the store's currency, the documents, and the euro figures when the report has a rate. No
 * totals row, so a spreadsheet's own sum of a column is right.
 */
export function taxReportCsv(report: Pick<TaxReport, 'currency' | 'rows' | 'eurRate'>): string {
  const currency = report.currency.toUpperCase();
  const withEuros = report.eurRate !== null;
  const header = [
    'Country',
    'Country name',
    'Scheme',
    'Treatment',
    'Rate %',
    `Net (${currency})`,
    `Tax (${currency})`,
    'Invoices',
    'Credit notes',
    ...(withEuros ? ['Net (EUR)', 'Tax (EUR)'] : []),
  ].map(csvText);
  const lines = report.rows.map((row) => [
    ...[row.country, row.countryName, row.scheme ?? '', row.treatment].map(csvText),
    ratePercent(row.rateBp),
    centsText(row.netCents),
    centsText(row.taxCents),
    String(row.invoices),
    String(row.creditNotes),
    ...(withEuros ? [centsText(row.eurNetCents ?? 0), centsText(row.eurTaxCents ?? 0)] : []),
  ]);
  return [header, ...lines].map((fields) => `${fields.join(',')}\r\n`).join('');
}
