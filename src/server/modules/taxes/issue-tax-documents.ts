import type { Transaction } from 'kysely';
import type { TaxDocumentContent } from '#shared/taxes/tax-document.ts';
import type { Database, OrderRow } from '../../db/schema';
import type { TaxDocumentKind } from '../../db/tax-tables';
import type { TaxConfig } from '../../tax-config';
import { creditNoteContent, invoiceContent, lineCreditNoteContent } from './document-content';
import { displayNumber, takeDocumentNumber } from './document-numbers';

export interface IssueSettings {
  tax: TaxConfig;
  storeName: string;
}

async function insertDocument(
  trx: Transaction<Database>,
  order: OrderRow,
  number: number,
  content: TaxDocumentContent,
  invoiceId: number | null,
): Promise<void> {
  const kind: TaxDocumentKind = content.kind;
  const sign = kind === 'credit_note' ? -1 : 1;
  const { id } = await trx
    .insertInto('tax_documents')
    .values({
      kind,
      number,
      display_number: content.number,
      order_id: order.id,
      invoice_id: invoiceId,
      currency: content.currency,
      net_cents: sign * content.totals.netCents,
      tax_cents: sign * content.totals.taxCents,
      total_cents: sign * content.totals.totalCents,
      content: JSON.stringify(content),
      issued_at: content.issuedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('tax_document_lines')
    .values(
      content.rates.map((rate) => ({
        document_id: id,
        country: rate.country,
        scheme: order.tax_scheme,
        treatment: rate.treatment,
        rate_bp: rate.rateBp,
        net_cents: sign * rate.netCents,
        tax_cents: sign * rate.taxCents,
      })),
    )
    .execute();
}

/** What the invoice's credit notes took back so far, per rate (their content is positive amounts). */
async function creditedSoFar(trx: Transaction<Database>, invoiceId: number): Promise<TaxDocumentContent['rates']> {
  const notes = await trx
    .selectFrom('tax_documents')
    .select('content')
    .where('invoice_id', '=', invoiceId)
    .where('kind', '=', 'credit_note')
    .execute();
  return notes.flatMap((note) => (JSON.parse(note.content) as TaxDocumentContent).rates);
}

/**
 * The documents a change of an order issues, in the transaction that makes the change (applyOrderEvent): the
 * invoice when it is paid, and a credit note for what was paid back since the last one (a refund, a lost dispute;
 * refunds reported before the payment get theirs with the invoice). Numbers are taken here, so a payment that
 * rolls back leaves no gap. Orders paid before invoices existed get no credit note. A free order (a total of 0,
 * decision 0055) gets no invoice: nothing was sold for money, so it has no place in the books or the tax report,
 * and it cannot be refunded.
 */
export async function issueTaxDocuments(
  trx: Transaction<Database>,
  settings: IssueSettings,
  change: {
    orderId: number;
    paidNow: boolean;
    refundedBefore: number;
    refundedAfter: number;
    now: Date;
    /** The lines refunded on their own (decision 0071): the credit note holds those lines, as invoiced. */
    itemIds?: number[];
  },
): Promise<void> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', change.orderId).executeTakeFirstOrThrow();
  const header = (kind: TaxDocumentKind, number: number) => ({
    number: displayNumber(kind === 'invoice' ? settings.tax.invoicePrefix : settings.tax.creditNotePrefix, number),
    issuedAt: change.now,
    seller: settings.tax.seller,
    storeName: settings.storeName,
  });
  if (change.paidNow && order.amount_cents === 0) return;
  if (change.paidNow) {
    const items = await trx
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    const number = await takeDocumentNumber(trx, 'invoice', settings.tax.invoiceFirstNumber);
    await insertDocument(trx, order, number, invoiceContent(order, items, header('invoice', number)), null);
  }
  const before = change.paidNow ? 0 : change.refundedBefore;
  if (change.refundedAfter <= before) return;
  const invoice = await trx
    .selectFrom('tax_documents')
    .select(['id', 'content'])
    .where('order_id', '=', order.id)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();
  if (!invoice) return;
  const invoiced = JSON.parse(invoice.content) as TaxDocumentContent;
  const refundedLines = change.itemIds?.length
    ? await trx.selectFrom('order_items').selectAll().where('id', 'in', change.itemIds).orderBy('id').execute()
    : [];
  const number = await takeDocumentNumber(trx, 'credit_note', 1);
  const lineContent = lineCreditNoteContent(
    invoiced,
    refundedLines,
    change.refundedAfter - before,
    header('credit_note', number),
  );
  const content =
    lineContent ??
    creditNoteContent(invoiced, { before, after: change.refundedAfter }, header('credit_note', number), {
      credited: await creditedSoFar(trx, invoice.id),
    });
  await insertDocument(trx, order, number, content, invoice.id);
}
