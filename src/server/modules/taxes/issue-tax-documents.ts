import type { Transaction } from 'kysely';
import type { TaxDocumentContent } from '#shared/taxes/tax-document.ts';
import type { Database, OrderRow } from '../../db/schema';
import type { TaxDocumentKind } from '../../db/tax-tables';
import type { TaxConfig } from '../../tax-config';
import { creditNoteContent, invoiceContent } from './document-content';
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
  change: { orderId: number; paidNow: boolean; refundedBefore: number; refundedAfter: number; now: Date },
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
  const number = await takeDocumentNumber(trx, 'credit_note', 1);
  const content = creditNoteContent(
    JSON.parse(invoice.content) as TaxDocumentContent,
    { before, after: change.refundedAfter },
    header('credit_note', number),
  );
  await insertDocument(trx, order, number, content, invoice.id);
}
