import type { Insertable, Kysely } from 'kysely';
import type { DiscountsTable } from '../src/server/db/discount-tables';
import type { Database } from '../src/server/db/schema';

/** A discount row as the owner's page would store it: a code for 10 % off everything, unless told otherwise. */
export async function insertTestDiscount(
  db: Kysely<Database>,
  fields: Partial<Insertable<DiscountsTable>> = {},
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('discounts')
    .values({
      kind: 'code',
      code: 'TEST10',
      name: 'Test code',
      percent_off: 10,
      created_at: now,
      updated_at: now,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
