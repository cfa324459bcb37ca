import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TaxDocumentKind } from '../../db/tax-tables';
import type { LineGroup } from './tax-report';

// The tax report's reads (the documents of a quarter, the numbers to come) and the euro rates the owner keeps.

type Db = Kysely<Database>;

export interface Period {
  start: Date;
  end: Date;
}

/** Documents issued from `start` up to (not including) `end`. */
const issuedIn = (db: Db, period: Period) =>
  db
    .selectFrom('tax_documents as d')
    .where('d.issued_at', '>=', period.start.toISOString())
    .where('d.issued_at', '<', period.end.toISOString());

/**
 * The period's document lines added up by currency, country, scheme, treatment, rate and kind of document, with how
 * many documents each sum covers. Summed in the database: a quarter of many thousand documents is a few rows.
 */
export async function lineGroupsIssuedIn(db: Db, period: Period): Promise<Array<LineGroup & { currency: string }>> {
  const rows = await issuedIn(db, period)
    .innerJoin('tax_document_lines as l', 'l.document_id', 'd.id')
    .select((eb) => [
      'd.currency',
      'd.kind',
      'l.country',
      'l.scheme',
      'l.treatment',
      'l.rate_bp',
      eb.fn.sum<number | string>('l.net_cents').as('net'),
      eb.fn.sum<number | string>('l.tax_cents').as('tax'),
      eb.fn.count<number | string>('l.document_id').distinct().as('documents'),
    ])
    .groupBy(['d.currency', 'd.kind', 'l.country', 'l.scheme', 'l.treatment', 'l.rate_bp'])
    .execute();
  return rows.map((row) => ({
    currency: row.currency.toLowerCase(),
    kind: row.kind,
    country: row.country,
    scheme: row.scheme,
    treatment: row.treatment,
    rateBp: row.rate_bp,
    netCents: Number(row.net),
    taxCents: Number(row.tax),
    documents: Number(row.documents),
  }));
}

/** How many documents of each kind and currency the period issued. */
export async function documentCountsIssuedIn(
  db: Db,
  period: Period,
): Promise<Array<{ currency: string; kind: TaxDocumentKind; documents: number }>> {
  const rows = await issuedIn(db, period)
    .select((eb) => ['d.currency', 'd.kind', eb.fn.countAll<number | string>().as('documents')])
    .groupBy(['d.currency', 'd.kind'])
    .execute();
  return rows.map((row) => ({
    currency: row.currency.toLowerCase(),
    kind: row.kind,
    documents: Number(row.documents),
  }));
}

/** The next number of each kind of document, for the kinds issued at least once. */
export async function nextDocumentNumbers(db: Db): Promise<Partial<Record<TaxDocumentKind, number>>> {
  const rows = await db.selectFrom('document_sequences').select(['kind', 'next_number']).execute();
  return Object.fromEntries(rows.map((row) => [row.kind, row.next_number]));
}

export async function findEurRate(db: Db, quarter: string): Promise<string | null> {
  const row = await db
    .selectFrom('tax_report_rates')
    .select('eur_rate')
    .where('quarter', '=', quarter)
    .executeTakeFirst();
  return row?.eur_rate ?? null;
}

/** Keeps the quarter's rate, replacing the one kept before. */
export async function saveEurRate(db: Db, quarter: string, rate: string, now: Date): Promise<void> {
  await db
    .insertInto('tax_report_rates')
    .values({ quarter, eur_rate: rate, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('quarter').doUpdateSet({ eur_rate: rate, updated_at: now.toISOString() }))
    .execute();
}
