// What the database says about invoices: the sequence their numbers are taken from, and the invoices of some
// payment intents' orders, with their numbers and amounts. The numbering is the database's business (one sequence
// row, locked by the transaction that pays), so a scenario checks it there rather than through the API.
import { withClient } from './database';

export interface InvoiceRow {
  paymentIntentId: string;
  orderNumber: string;
  number: number;
  displayNumber: string;
  netCents: number;
  taxCents: number;
  totalCents: number;
  /** Its lines' treatments and rates, 'vat DE 1900' each. */
  rates: string[];
}

/** The number the next invoice will take: the sequence's, or null before the store's first invoice. */
export function nextInvoiceNumber(databaseUrl: string): Promise<number | null> {
  return withClient(databaseUrl, async (client) => {
    const row = await client.query<{ next_number: number }>(
      "select next_number from document_sequences where kind = 'invoice'",
    );
    return row.rows[0]?.next_number ?? null;
  });
}

/** Every invoice of the orders of these payment intents (an order with two shows twice), by number. */
export function invoicesOf(databaseUrl: string, paymentIntentIds: string[]): Promise<InvoiceRow[]> {
  return withClient(databaseUrl, async (client) => {
    const rows = await client.query<{
      id: number;
      payment_intent_id: string;
      order_number: string;
      number: number;
      display_number: string;
      net_cents: number;
      tax_cents: number;
      total_cents: number;
    }>(
      `select d.id, o.payment_intent_id, o.order_number, d.number, d.display_number, d.net_cents, d.tax_cents,
         d.total_cents
       from tax_documents d join orders o on o.id = d.order_id
       where d.kind = 'invoice' and o.payment_intent_id = any($1)
       order by d.number`,
      [paymentIntentIds],
    );
    const lines = await client.query<{ document_id: number; treatment: string; country: string; rate_bp: number }>(
      'select document_id, treatment, country, rate_bp from tax_document_lines where document_id = any($1) order by id',
      [rows.rows.map((row) => row.id)],
    );
    return rows.rows.map((row) => ({
      paymentIntentId: row.payment_intent_id,
      orderNumber: row.order_number,
      number: row.number,
      displayNumber: row.display_number,
      netCents: row.net_cents,
      taxCents: row.tax_cents,
      totalCents: row.total_cents,
      rates: lines.rows
        .filter((line) => line.document_id === row.id)
        .map((line) => `${line.treatment} ${line.country} ${line.rate_bp}`),
    }));
  });
}
