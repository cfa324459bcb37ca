import { describe, expect, it } from 'vitest';
import {
  parseEurRate,
  quarterBounds,
  quarterLabel,
  quarterLastDay,
  quarterOf,
  recentQuarters,
} from '#shared/taxes/tax-report.ts';
import type { TaxReportRow } from '#shared/taxes/tax-report-schema.ts';
import { buildTaxReport, centsText, taxReportCsv, toEuroCents, type LineGroup } from './tax-report';

describe('quarters', () => {
  it('are UTC calendar quarters, from their first moment up to the next one’s', () => {
    expect(quarterBounds('2026-Q4')).toEqual({
      start: new Date('2026-10-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    });
    expect(quarterBounds('2026-Q1')?.start).toEqual(new Date('2026-01-01T00:00:00.000Z'));
    expect(quarterOf(new Date('2026-09-30T23:59:59.999Z'))).toBe('2026-Q3');
    expect(quarterOf(new Date('2026-10-01T00:00:00.000Z'))).toBe('2026-Q4');
    expect(quarterLastDay('2026-Q1')).toBe('2026-03-31');
    expect(quarterLabel('2026-Q4')).toBe('Q4 2026 (Oct – Dec)');
  });

  it.each(['2026-Q5', '2026-Q0', '2026Q4', '26-Q4', '2026-q4', ' 2026-Q4', '1999-Q4', '', '2026-Q4x'])(
    'refuses %j',
    (text) => expect(quarterBounds(text)).toBeNull(),
  );

  it('offers the last eight, the current one first, across a new year', () => {
    expect(recentQuarters(new Date('2027-02-10T12:00:00Z'))).toEqual([
      '2027-Q1',
      '2026-Q4',
      '2026-Q3',
      '2026-Q2',
      '2026-Q1',
      '2025-Q4',
      '2025-Q3',
      '2025-Q2',
    ]);
  });
});

describe('the euro rate', () => {
  it('is read exactly, without needless zeros', () => {
    expect(parseEurRate('1.0815')).toEqual({ text: '1.0815', micros: 1_081_500 });
    expect(parseEurRate(' 1.08150 ')).toEqual({ text: '1.0815', micros: 1_081_500 });
    expect(parseEurRate('0.8567')).toEqual({ text: '0.8567', micros: 856_700 });
    expect(parseEurRate('2')).toEqual({ text: '2', micros: 2_000_000 });
    expect(parseEurRate('0.000001')).toEqual({ text: '0.000001', micros: 1 });
  });

  it.each(['0', '0.0', '-1.08', '1,0815', '1.0815000', '1e3', 'Infinity', 'NaN', '', '.5', '1.', '10000', 'abc'])(
    'refuses %j',
    (text) => expect(parseEurRate(text)).toBeNull(),
  );
});

describe('euros from the store’s currency', () => {
  it('divide by the rate and round half up, the sign kept', () => {
    // 1 cent at 2 units per euro is half a cent: up to 1. 3 cents: 1.5 → 2.
    expect(toEuroCents(1, 2_000_000)).toBe(1);
    expect(toEuroCents(3, 2_000_000)).toBe(2);
    expect(toEuroCents(-1, 2_000_000)).toBe(-1);
    expect(toEuroCents(-3, 2_000_000)).toBe(-2);
    expect(toEuroCents(0, 1_081_500)).toBe(0);
    // 100.00 USD at 1.0815 = 92.4641… EUR: down; 100.00 at 1.0816 = 92.4556…: up.
    expect(toEuroCents(10_000, 1_081_500)).toBe(9_246);
    expect(toEuroCents(10_000, 1_081_600)).toBe(9_246);
    // 108.15 USD is 100 EUR exactly; a large amount stays exact.
    expect(toEuroCents(10_815, 1_081_500)).toBe(10_000);
    expect(toEuroCents(1_081_500_000_000, 1_081_500)).toBe(1_000_000_000_000);
    // 0.03 at 1.2 is 0.025 exactly: up, and down for a credit.
    expect(toEuroCents(3, 1_200_000)).toBe(3);
    expect(toEuroCents(-3, 1_200_000)).toBe(-3);
  });
});

const group = (overrides: Partial<LineGroup>): LineGroup => ({
  country: 'DE',
  scheme: 'domestic',
  treatment: 'vat',
  rateBp: 1900,
  kind: 'invoice',
  netCents: 0,
  taxCents: 0,
  documents: 1,
  ...overrides,
});

describe('the report', () => {
  const groups = [
    group({ country: 'FR', scheme: 'oss', rateBp: 2000, netCents: 1000, taxCents: 200, documents: 2 }),
    group({ country: 'FR', scheme: 'oss', rateBp: 2000, kind: 'credit_note', netCents: -500, taxCents: -100 }),
    group({ country: 'FR', scheme: 'oss', treatment: 'reverse-charge', rateBp: 0, netCents: 5000 }),
    group({ country: 'DE', netCents: 840, taxCents: 160 }),
    group({ country: 'US', scheme: null, treatment: 'outside', rateBp: 0, netCents: 999 }),
  ];

  it('nets each row’s credit notes against its invoices, sorted by country then the highest rate first', () => {
    const { rows, totals } = buildTaxReport(groups, { invoices: 5, creditNotes: 1 }, null);
    expect(
      rows.map((row) => [row.country, row.treatment, row.netCents, row.taxCents, row.invoices, row.creditNotes]),
    ).toEqual([
      ['DE', 'vat', 840, 160, 1, 0],
      ['FR', 'vat', 500, 100, 2, 1],
      ['FR', 'reverse-charge', 5000, 0, 1, 0],
      ['US', 'outside', 999, 0, 1, 0],
    ]);
    expect(rows[0]?.countryName).toBe('Germany');
    const unknown = buildTaxReport(
      [group({ country: 'XX', treatment: 'outside' })],
      { invoices: 1, creditNotes: 0 },
      null,
    );
    expect(unknown.rows[0]?.countryName).toBe('Country not known');
    expect(totals).toEqual({
      netCents: 7339,
      taxCents: 260,
      invoices: 5,
      creditNotes: 1,
      eurNetCents: null,
      eurTaxCents: null,
    });
  });

  it('converts each row, and its euro totals are the converted rows’ sum, not the converted total', () => {
    // At 2 units per euro every odd amount is a half cent: each row rounds up, the rows' sum is above total ÷ 2.
    const odd = [
      group({ country: 'AT', netCents: 1, taxCents: 1 }),
      group({ country: 'BE', netCents: 1, taxCents: 3 }),
    ];
    const { rows, totals } = buildTaxReport(odd, { invoices: 2, creditNotes: 0 }, 2_000_000);
    expect(rows.map((row) => [row.eurNetCents, row.eurTaxCents])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(totals).toMatchObject({ netCents: 2, taxCents: 4, eurNetCents: 2, eurTaxCents: 3 });
  });
});

describe('the CSV', () => {
  const row = (overrides: Partial<TaxReportRow>): TaxReportRow => ({
    country: 'DE',
    countryName: 'Germany',
    scheme: 'domestic',
    treatment: 'vat',
    rateBp: 1900,
    netCents: 123_456,
    taxCents: 23_456,
    invoices: 3,
    creditNotes: 1,
    eurNetCents: null,
    eurTaxCents: null,
    ...overrides,
  });

  it('is RFC 4180 with a header, CRLF, quoted text where needed, formulas defused, exact decimals', () => {
    const csv = taxReportCsv({
      currency: 'usd',
      eurRate: null,
      rows: [
        row({}),
        row({ country: 'KR', countryName: 'Korea, "South"', scheme: null, treatment: 'outside', rateBp: 0 }),
        row({ country: 'FI', countryName: '=HYPERLINK("x")', rateBp: 2550, netCents: -5, taxCents: -1 }),
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'Country,Country name,Scheme,Treatment,Rate %,Net (USD),Tax (USD),Invoices,Credit notes',
      'DE,Germany,domestic,vat,19,1234.56,234.56,3,1',
      'KR,"Korea, ""South""",,outside,0,1234.56,234.56,3,1',
      `FI,"'=HYPERLINK(""x"")",domestic,vat,25.5,-0.05,-0.01,3,1`,
      '',
    ]);
  });

  it('has the euro columns when the report has a rate', () => {
    const csv = taxReportCsv({
      currency: 'gbp',
      eurRate: { rate: '0.85', source: 'stored' },
      rows: [row({ eurNetCents: 145_242, eurTaxCents: -7 })],
    });
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      'Country,Country name,Scheme,Treatment,Rate %,Net (GBP),Tax (GBP),Invoices,Credit notes,Net (EUR),Tax (EUR)',
      'DE,Germany,domestic,vat,19,1234.56,234.56,3,1,1452.42,-0.07',
    ]);
    expect(centsText(0)).toBe('0.00');
    expect(centsText(-100)).toBe('-1.00');
  });
});
