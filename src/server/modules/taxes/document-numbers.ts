import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { TaxDocumentKind } from '../../db/tax-tables';

/**
 * The next number of an invoice or a credit note, taken in the transaction that issues it: the sequence's row stays
 * locked until that transaction ends (on PostgreSQL the update locks it; SQLite has one writer), so two instances
 * paying at once take one number each, and a rolled-back payment gives its number back. No gaps, no duplicates.
 * `first` is the number of the first document of the kind; once the sequence exists it is not read again.
 */
export async function takeDocumentNumber(
  trx: Transaction<Database>,
  kind: TaxDocumentKind,
  first: number,
): Promise<number> {
  await trx
    .insertInto('document_sequences')
    .values({ kind, next_number: first })
    .onConflict((oc) => oc.column('kind').doNothing())
    .execute();
  const taken = await trx
    .updateTable('document_sequences')
    .set((eb) => ({ next_number: eb('next_number', '+', 1) }))
    .where('kind', '=', kind)
    .returning('next_number')
    .executeTakeFirstOrThrow();
  return taken.next_number - 1;
}

/** 'INV-000042': six digits at least, so documents sort by number in a folder. */
export function displayNumber(prefix: string, number: number): string {
  return `${prefix}${String(number).padStart(6, '0')}`;
}
