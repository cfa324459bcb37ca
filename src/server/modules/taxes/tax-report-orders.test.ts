import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEurRate, quarterBounds, quarterOf } from '#shared/taxes/tax-report.ts';
import type { TaxReport } from '#shared/taxes/tax-report-schema.ts';
import type { TaxTreatment } from '#shared/taxes/taxes.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { generateTaxOrders, TAXED_STORE, type GeneratedOrder } from '#test-support/tax-orders.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import type { TaxDocumentKind } from '../../db/tax-tables';
import { buildTaxReport, centsText, type LineGroup } from './tax-report';

// The report against the documents the store really issues: 300 orders in eleven countries, with and without the tax
// in their prices, a French business under the reverse charge, a quarter of them with a code's discount, a third refunded (in
// part, in full, in part and then the rest), paid across two quarters and refunded into a third, all through
// applyOrderEvent. Every figure of the report is checked against the documents, the orders and the stated rules.

const ORDERS = 300;
const QUARTERS = ['2026-Q3', '2026-Q4', '2027-Q1'] as const;
const RATE = '1.0815';

interface IssuedLine {
  orderId: number;
  documentId: number;
  kind: TaxDocumentKind;
  issuedAt: Date;
  country: string;
  scheme: string | null;
  treatment: TaxTreatment;
  rateBp: number;
  netCents: number;
  taxCents: number;
}

const keyOf = (line: { country: string; scheme: string | null; treatment: string; rateBp: number }) =>
  `${line.country}|${line.scheme ?? ''}|${line.treatment}|${line.rateBp}`;

/** The lines added up by key and kind, in JavaScript: what the repository's query is checked against. */
function groupsOf(lines: readonly IssuedLine[]): LineGroup[] {
  const groups = new Map<string, LineGroup & { ids: Set<number> }>();
  for (const line of lines) {
    const key = `${keyOf(line)}|${line.kind}`;
    const group = groups.get(key) ?? { ...line, netCents: 0, taxCents: 0, documents: 0, ids: new Set<number>() };
    group.netCents += line.netCents;
    group.taxCents += line.taxCents;
    group.ids.add(line.documentId);
    group.documents = group.ids.size;
    groups.set(key, group);
  }
  return [...groups.values()].map(({ ids: _ids, ...group }) => group);
}

/** RFC 4180, enough for the report's CSV: quoted fields, doubled quotes, CRLF after every record. */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .slice(0, -1)
    .map((record) => [...record.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, field = '']) => field))
    .map((fields) => fields.map((field) => (field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field)));
}

describe.each(TEST_ENGINES)(`the quarterly tax report of ${ORDERS} generated orders on %s`, (engine) => {
  let t: TestApp;
  let owner: string;
  let orders: GeneratedOrder[];
  let lines: IssuedLine[];
  let documents: Array<{ id: number; kind: TaxDocumentKind; issuedAt: Date; netCents: number; taxCents: number }>;

  beforeAll(async () => {
    t = await createTestApp(engine, TAXED_STORE);
    owner = await signedInCookie(t.app, t.db, 'owner@tax.test', 'admin');
    orders = await generateTaxOrders(t.db, t.config, {
      count: ORDERS,
      seed: 20_261_126,
      paidIn: [quarterBounds('2026-Q3')!, quarterBounds('2026-Q4')!],
      refundsUntil: new Date('2027-02-15T00:00:00Z'),
    });
    const rows = await t.db
      .selectFrom('tax_document_lines as l')
      .innerJoin('tax_documents as d', 'd.id', 'l.document_id')
      .select(['d.order_id', 'd.id', 'd.kind', 'd.issued_at', 'l.country', 'l.scheme', 'l.treatment', 'l.rate_bp'])
      .select(['l.net_cents', 'l.tax_cents'])
      .execute();
    lines = rows.map((row) => ({
      orderId: row.order_id,
      documentId: row.id,
      kind: row.kind,
      issuedAt: new Date(row.issued_at),
      country: row.country,
      scheme: row.scheme,
      treatment: row.treatment,
      rateBp: row.rate_bp,
      netCents: row.net_cents,
      taxCents: row.tax_cents,
    }));
    documents = (
      await t.db.selectFrom('tax_documents').select(['id', 'kind', 'issued_at', 'net_cents', 'tax_cents']).execute()
    ).map((row) => ({
      id: row.id,
      kind: row.kind,
      issuedAt: new Date(row.issued_at),
      netCents: row.net_cents,
      taxCents: row.tax_cents,
    }));
  }, 300_000);
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: owner } });
  const report = async (quarter: string, eurRate?: string) => {
    const response = await get(`/api/admin/tax/report?quarter=${quarter}${eurRate ? `&eurRate=${eurRate}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TaxReport>();
  };
  const inQuarter = (quarter: string) => (item: { issuedAt: Date }) => quarterOf(item.issuedAt) === quarter;

  it('has the documents the lifecycle issued: an invoice per order, a credit note per refund', async () => {
    const refunds = orders.reduce((sum, order) => sum + order.refunds.length, 0);
    expect(documents.filter((d) => d.kind === 'invoice')).toHaveLength(ORDERS);
    expect(documents.filter((d) => d.kind === 'credit_note')).toHaveLength(refunds);
    expect(new Set(orders.map((order) => order.country)).size).toBeGreaterThanOrEqual(10);
    expect(orders.filter((order) => order.refunds.length === 2).length).toBeGreaterThan(10);
    expect(orders.filter((order) => order.refunds.length === 1).length).toBeGreaterThan(10);
    // Refunds reach into the quarter after the last payments.
    expect(documents.filter(inQuarter('2027-Q1')).every((d) => d.kind === 'credit_note')).toBe(true);
    expect(documents.filter(inQuarter('2027-Q1')).length).toBeGreaterThan(0);
  });

  it.each(QUARTERS)('%s: the totals are the sums of the quarter’s documents, to the cent', async (quarter) => {
    const { totals } = await report(quarter);
    const issued = documents.filter(inQuarter(quarter));
    expect(issued.length).toBeGreaterThan(0);
    expect(totals).toMatchObject({
      netCents: issued.reduce((sum, d) => sum + d.netCents, 0),
      taxCents: issued.reduce((sum, d) => sum + d.taxCents, 0),
      invoices: issued.filter((d) => d.kind === 'invoice').length,
      creditNotes: issued.filter((d) => d.kind === 'credit_note').length,
      eurNetCents: null,
      eurTaxCents: null,
    });
    // And what was paid in the quarter less what was paid back in it, from the orders themselves.
    const paid = orders.filter((order) => quarterOf(order.paidAt) === quarter);
    const refundedIn = orders.flatMap((order) =>
      order.refunds
        .map((refund, index) => ({ ...refund, cents: refund.totalCents - (order.refunds[index - 1]?.totalCents ?? 0) }))
        .filter((refund) => quarterOf(refund.at) === quarter),
    );
    expect(totals.netCents + totals.taxCents).toBe(
      paid.reduce((sum, order) => sum + order.amountCents, 0) - refundedIn.reduce((sum, r) => sum + r.cents, 0),
    );
  });

  it.each(QUARTERS)('%s: each row is the sum of its documents’ lines, sorted by country then rate', async (quarter) => {
    const { rows } = await report(quarter);
    const quarterLines = lines.filter(inQuarter(quarter));
    const expected = new Map<string, { net: number; tax: number; invoices: Set<number>; creditNotes: Set<number> }>();
    for (const line of quarterLines) {
      const sums = expected.get(keyOf(line)) ?? { net: 0, tax: 0, invoices: new Set(), creditNotes: new Set() };
      sums.net += line.netCents;
      sums.tax += line.taxCents;
      (line.kind === 'invoice' ? sums.invoices : sums.creditNotes).add(line.documentId);
      expected.set(keyOf(line), sums);
    }
    expect(rows.map(keyOf).sort()).toEqual([...expected.keys()].sort());
    for (const row of rows) {
      const sums = expected.get(keyOf(row))!;
      expect(row, keyOf(row)).toMatchObject({
        netCents: sums.net,
        taxCents: sums.tax,
        invoices: sums.invoices.size,
        creditNotes: sums.creditNotes.size,
      });
    }
    const order = rows.map((row) => [row.country, -row.rateBp] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]));
  });

  it('has the rows the buyers make: domestic, OSS, the reverse charge, the UK, Norway and outside', async () => {
    const q4 = await report('2026-Q4');
    const find = (country: string, treatment: TaxTreatment) =>
      q4.rows.find((row) => row.country === country && row.treatment === treatment);
    expect(find('DE', 'vat')).toMatchObject({ scheme: 'domestic', rateBp: 1900, countryName: 'Germany' });
    expect(find('FR', 'vat')).toMatchObject({ scheme: 'oss', rateBp: 2000 });
    expect(find('FR', 'reverse-charge')).toMatchObject({ scheme: 'oss', rateBp: 0, taxCents: 0 });
    expect(find('FI', 'vat')).toMatchObject({ scheme: 'oss', rateBp: 2550 });
    expect(find('GB', 'vat')).toMatchObject({ scheme: 'gb', rateBp: 2000 });
    expect(find('NO', 'vat')).toMatchObject({ scheme: 'no', rateBp: 2500 });
    expect(find('US', 'outside')).toMatchObject({ scheme: null, rateBp: 0, taxCents: 0 });
    expect(find('FR', 'reverse-charge')!.netCents).toBeGreaterThan(0);
  });

  it('nets refunds: a fully refunded order contributes nothing to its quarter', async () => {
    const full = orders.filter(
      (order) =>
        order.refunds.at(-1)?.totalCents === order.amountCents &&
        order.refunds.every((refund) => quarterOf(refund.at) === quarterOf(order.paidAt)),
    );
    expect(full.length).toBeGreaterThan(10);
    for (const order of full) {
      const own = lines.filter((line) => line.orderId === order.id);
      expect(own.filter((line) => line.kind === 'credit_note').length).toBe(order.refunds.length);
      for (const group of groupsOf(own).filter((g) => g.kind === 'invoice')) {
        const credited = groupsOf(own).filter((g) => g.kind === 'credit_note' && keyOf(g) === keyOf(group));
        expect(group.netCents + credited.reduce((sum, g) => sum + g.netCents, 0)).toBe(0);
        expect(group.taxCents + credited.reduce((sum, g) => sum + g.taxCents, 0)).toBe(0);
      }
    }
    // The quarter's report is the same without them: their invoices and credit notes cancel out.
    for (const quarter of QUARTERS) {
      const fullIds = new Set(full.map((order) => order.id));
      const quarterLines = lines.filter(inQuarter(quarter));
      const without = buildTaxReport(
        groupsOf(quarterLines.filter((line) => !fullIds.has(line.orderId))),
        { invoices: 0, creditNotes: 0 },
        null,
      );
      const { totals } = await report(quarter);
      expect([without.totals.netCents, without.totals.taxCents]).toEqual([totals.netCents, totals.taxCents]);
    }
    // A part refunded: its credit notes take back exactly what was paid back.
    for (const order of orders.filter((o) => o.refunds.length > 0)) {
      const credited = lines.filter((line) => line.orderId === order.id && line.kind === 'credit_note');
      expect(credited.reduce((sum, line) => sum + line.netCents + line.taxCents, 0)).toBe(
        -order.refunds.at(-1)!.totalCents,
      );
    }
  });

  it.each(QUARTERS)(
    '%s: euros are each row ÷ the rate, half up to the cent; the totals the rows’ sum',
    async (quarter) => {
      const { rows, totals, eurRate } = await report(quarter, RATE);
      expect(eurRate).toEqual({ rate: RATE, source: 'given' });
      const micros = BigInt(parseEurRate(RATE)!.micros);
      // Half up, by its definition: (e − ½) × rate ≤ |amount| < (e + ½) × rate, in exact integers; the sign kept.
      const follows = (cents: number, euros: number | null) => {
        if (euros === null || Math.sign(euros) * Math.sign(cents) < 0) return false;
        const size = BigInt(Math.abs(cents)) * 2_000_000n;
        const e = BigInt(Math.abs(euros));
        return (2n * e - 1n) * micros <= size && size < (2n * e + 1n) * micros;
      };
      for (const row of rows) {
        expect(follows(row.netCents, row.eurNetCents), `${keyOf(row)} net`).toBe(true);
        expect(follows(row.taxCents, row.eurTaxCents), `${keyOf(row)} tax`).toBe(true);
      }
      expect(totals.eurNetCents).toBe(rows.reduce((sum, row) => sum + row.eurNetCents!, 0));
      expect(totals.eurTaxCents).toBe(rows.reduce((sum, row) => sum + row.eurTaxCents!, 0));
    },
  );

  it.each(QUARTERS)('%s: the CSV holds the JSON’s rows and figures', async (quarter) => {
    const json = await report(quarter, RATE);
    const response = await get(`/api/admin/tax/report.csv?quarter=${quarter}&eurRate=${RATE}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tax-${quarter}.csv"`);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'Country',
      'Country name',
      'Scheme',
      'Treatment',
      'Rate %',
      'Net (USD)',
      'Tax (USD)',
      'Invoices',
      'Credit notes',
      'Net (EUR)',
      'Tax (EUR)',
    ]);
    expect(rows).toEqual(
      json.rows.map((row) => [
        row.country,
        row.countryName,
        row.scheme ?? '',
        row.treatment,
        String(row.rateBp / 100),
        centsText(row.netCents),
        centsText(row.taxCents),
        String(row.invoices),
        String(row.creditNotes),
        centsText(row.eurNetCents!),
        centsText(row.eurTaxCents!),
      ]),
    );
    // The figures, read back as a spreadsheet would, add up to the JSON's totals.
    const column = (index: number) => rows.reduce((sum, row) => sum + Math.round(Number(row[index]) * 100), 0);
    expect([column(5), column(6), column(9), column(10)]).toEqual([
      json.totals.netCents,
      json.totals.taxCents,
      json.totals.eurNetCents,
      json.totals.eurTaxCents,
    ]);
    const documentCount = documents.filter(inQuarter(quarter)).length;
    console.info(
      `tax report ${engine} ${quarter}: ${documentCount} documents (${json.totals.invoices} invoices, ${json.totals.creditNotes} credit notes), ${json.rows.length} rows, net ${centsText(json.totals.netCents)} USD, tax ${centsText(json.totals.taxCents)} USD; at ${RATE}: net ${centsText(json.totals.eurNetCents!)} EUR, tax ${centsText(json.totals.eurTaxCents!)} EUR`,
    );
  });

  it('keeps the rate the owner entered for a quarter and uses it when none is given, in JSON and CSV', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/tax/eur-rates/2026-Q4',
      payload: { rate: '1.04150' },
      headers: { cookie: owner },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ quarter: '2026-Q4', rate: '1.0415' });
    const kept = await report('2026-Q4');
    expect(kept.eurRate).toEqual({ rate: '1.0415', source: 'stored' });
    expect(kept.storedEurRate).toBe('1.0415');
    const given = await report('2026-Q4', '1.0415');
    expect(kept.rows).toEqual(given.rows);
    expect(kept.totals).toEqual(given.totals);
    // Another quarter keeps none.
    expect((await report('2026-Q3')).eurRate).toBeNull();
    const csv = parseCsv((await get('/api/admin/tax/report.csv?quarter=2026-Q4')).body);
    expect(csv[0]).toContain('Net (EUR)');
    expect(csv[1]?.at(-1)).toBe(centsText(kept.rows[0]!.eurTaxCents!));
  });

  it('reports an empty quarter as empty', async () => {
    const empty = await report('2026-Q2');
    expect(empty).toMatchObject({ rows: [], from: '2026-04-01', to: '2026-06-30', otherCurrencies: [] });
    expect(empty.totals).toMatchObject({ netCents: 0, taxCents: 0, invoices: 0, creditNotes: 0 });
    expect(parseCsv((await get('/api/admin/tax/report.csv?quarter=2026-Q2')).body)).toHaveLength(1);
  });
});
