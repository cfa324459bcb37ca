import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TaxDocumentKind } from '../../db/tax-tables';

/** A document by the number it carries ('INV-000042'), with the account of the order's buyer. */
export async function findDocumentByNumber(db: Kysely<Database>, displayNumber: string) {
  return db
    .selectFrom('tax_documents as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .select(['d.kind', 'd.display_number as number', 'd.content', 'o.user_id as buyerId', 'o.id as orderId'])
    .where('d.display_number', '=', displayNumber)
    .executeTakeFirst();
}

export interface OrderDocumentRow {
  orderId: number;
  kind: TaxDocumentKind;
  number: string;
  issuedAt: Date | string;
}

/** The documents of these orders (one query for a whole list), each order's in the order they were issued. */
export async function findOrderDocuments(
  db: Kysely<Database>,
  orderIds: readonly number[],
): Promise<OrderDocumentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('tax_documents')
    .select(['order_id as orderId', 'kind', 'display_number as number', 'issued_at as issuedAt'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}
