import { sql } from 'kysely';
import { engineOf } from '../dialect';
import type { MigrationDb } from '../migration-helpers';

// Pay what you want (decision 0059): artworks.minimum_price_cents, null for a fixed price; set, the buyer chooses
// the amount, at least that minimum, and price_cents is the suggested price the amount field starts at.
// The shop's price filter and sorts read lowest_price_cents (migration 0021), which for such an artwork must be the
// minimum. A generated column's expression cannot be changed in place (SQLite has no way; PostgreSQL 15 neither),
// so the price indexes are dropped, the column is dropped and added again with the new expression, and the indexes
// are made again under their names: every artwork gets its value as the column is added, on both engines.
// - SQLite adds a generated column only as VIRTUAL (worked out when read); its index stores the values.
// - PostgreSQL 15 has STORED generated columns only.

const LICENCES_LOWEST = sql`case
  when offers_personal = 1 and (commercial_price_cents is null or price_cents <= commercial_price_cents)
    then price_cents
  else coalesce(commercial_price_cents, price_cents)
end`;

const LOWEST_WITH_MINIMUM = sql`case
  when minimum_price_cents is not null then minimum_price_cents
  when offers_personal = 1 and (commercial_price_cents is null or price_cents <= commercial_price_cents)
    then price_cents
  else coalesce(commercial_price_cents, price_cents)
end`;

const PRICE_INDEXES: Array<[string, string[]]> = [
  ['artworks_category_price', ['category', 'lowest_price_cents', 'id']],
  ['artworks_category_price_low', ['category', 'lowest_price_cents', 'id desc']],
  ['artworks_price', ['lowest_price_cents', 'id']],
  ['artworks_price_low', ['lowest_price_cents', 'id desc']],
];

async function replaceLowestPrice(db: MigrationDb, expression: typeof LOWEST_WITH_MINIMUM): Promise<void> {
  for (const [name] of PRICE_INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('artworks').dropColumn('lowest_price_cents').execute();
  await db.schema
    .alterTable('artworks')
    .addColumn('lowest_price_cents', 'integer', (c) => {
      const generated = c.notNull().generatedAlwaysAs(expression);
      return engineOf(db) === 'postgres' ? generated.stored() : generated;
    })
    .execute();
  for (const [name, columns] of PRICE_INDEXES)
    await db.schema.createIndex(name).on('artworks').columns(columns).execute();
}

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('artworks')
    .addColumn('minimum_price_cents', 'integer', (c) => c.check(sql`minimum_price_cents >= 0`))
    .execute();
  await replaceLowestPrice(db, LOWEST_WITH_MINIMUM);
}

export async function down(db: MigrationDb): Promise<void> {
  await replaceLowestPrice(db, LICENCES_LOWEST);
  await db.schema.alterTable('artworks').dropColumn('minimum_price_cents').execute();
}
