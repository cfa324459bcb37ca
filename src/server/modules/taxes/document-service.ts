import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import type { TaxDocumentContent } from '#shared/taxes/tax-document.ts';
import { TAX_DOCUMENT_NOT_FOUND } from '#shared/taxes/tax-document-format.ts';
import type { TaxDocumentRef } from '#shared/taxes/tax-document-schema.ts';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { findDocumentByNumber, type OrderDocumentRow } from './document-repository';

/**
 * An invoice or credit note as issued, for the buyer of its order and the owner. Anyone else, a signed-out visitor
 * and an unknown number get the same 404: a number says nothing about whether it exists (numbers are sequential,
 * so they are easy to guess).
 */
export async function visibleDocument(
  db: Kysely<Database>,
  user: SessionUser | null,
  number: string,
): Promise<TaxDocumentContent> {
  const document = user ? await findDocumentByNumber(db, number) : undefined;
  if (!user || !document || (user.role !== 'admin' && user.id !== document.buyerId))
    throw new NotFoundError(TAX_DOCUMENT_NOT_FOUND);
  // Stored whole when it was issued (issue-tax-documents.ts): shown as it was, never rebuilt from today's order.
  return JSON.parse(document.content) as TaxDocumentContent;
}

/**
 * An invoice or credit note of one order, for whoever holds that order's guest library link (decision 0058): a
 * number of another order is the same 404 as an unknown one.
 */
export async function documentOfOrder(
  db: Kysely<Database>,
  orderId: number,
  number: string,
): Promise<TaxDocumentContent> {
  const document = await findDocumentByNumber(db, number);
  if (!document || document.orderId !== orderId) throw new NotFoundError(TAX_DOCUMENT_NOT_FOUND);
  return JSON.parse(document.content) as TaxDocumentContent;
}

/** One order's documents from the rows of a list's (findOrderDocuments), oldest first. */
export function documentRefsOf(rows: readonly OrderDocumentRow[], orderId: number): TaxDocumentRef[] {
  return rows
    .filter((row) => row.orderId === orderId)
    .map((row) => ({ kind: row.kind, number: row.number, issuedAt: new Date(row.issuedAt).toISOString() }));
}
