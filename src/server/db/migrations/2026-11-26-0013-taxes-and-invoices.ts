import { sql } from 'kysely';
import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Taxes, invoices and credit notes (docs/taxes.md).
// - orders: the tax charged and how it was decided — the place-of-supply evidence (billing country, card country,
//   whether the buyer chose between them), the country and scheme taxed, a business buyer's VAT number and the
//   reverse charge, whether prices included tax, Stripe Tax's calculation and transaction. amount_cents is what
//   was charged: subtotal − discount, plus the tax when prices exclude it.
// - order_items: each line's net (without tax), tax and rate, as charged.
// - tax_documents: invoices and credit notes. Written once, in the transaction that pays or refunds the order, and
//   never changed: `content` holds the document as issued (JSON). `number` comes from document_sequences, so the
//   numbers of each kind have no gaps and no duplicates; `display_number` carries the prefix set when it was issued.
// - tax_document_lines: each document's sales per country, scheme, treatment and rate (credit notes negative), so
//   the owner's quarterly report is a sum of documents.
// - document_sequences: the next number of each kind, taken under the row's lock.
// - test_payment_methods: the built-in test provider's payment methods (a card's country, never its number).

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  const orderColumns: Array<[string, 'integer' | 'text', boolean]> = [
    ['tax_cents', 'integer', true],
    ['prices_include_tax', 'integer', true],
    ['billing_country', 'text', false],
    ['card_country', 'text', false],
    ['country_confirmed', 'integer', true],
    ['tax_country', 'text', false],
    // oss | domestic | eu-home | gb | no | stripe-tax; null when nothing was taxed
    ['tax_scheme', 'text', false],
    // vat | reverse-charge | outside
    ['tax_treatment', 'text', false],
    ['vat_number', 'text', false],
    // vies | format
    ['vat_number_checked_by', 'text', false],
    ['tax_notice', 'text', false],
    ['tax_calculation_id', 'text', false],
    ['tax_transaction_id', 'text', false],
  ];
  for (const [name, type, zero] of orderColumns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => (zero ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  // The card's country is checked against the billing country before the order can be paid.
  await db.schema.alterTable('orders').addColumn('tax_evidence_at', ts).execute();
  for (const name of ['net_cents', 'tax_cents', 'tax_rate_bp']) {
    await db.schema
      .alterTable('order_items')
      .addColumn(name, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  // Lines sold before taxes were charged: all of it was net.
  await sql`update order_items set net_cents = line_total_cents`.execute(db);

  await withIdColumn(db, db.schema.createTable('tax_documents'))
    // invoice | credit_note
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('display_number', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    // A credit note's invoice.
    .addColumn('invoice_id', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull())
    // Signed: a credit note's are negative.
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('issued_at', ts, (c) => c.notNull())
    .addUniqueConstraint('tax_documents_kind_number', ['kind', 'number'])
    .execute();
  await db.schema.createIndex('tax_documents_order').on('tax_documents').columns(['order_id', 'kind']).execute();
  await db.schema.createIndex('tax_documents_issued').on('tax_documents').columns(['issued_at']).execute();

  await withIdColumn(db, db.schema.createTable('tax_document_lines'))
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('scheme', 'text')
    .addColumn('treatment', 'text', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tax_document_lines_document')
    .on('tax_document_lines')
    .columns(['document_id'])
    .execute();

  await db.schema
    .createTable('document_sequences')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('next_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('test_payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    .addColumn('card_country', 'text', (c) => c.notNull())
    .addColumn('billing_country', 'text')
    // What confirming with it does: succeeds | authentication | refused (with the card's error).
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}
