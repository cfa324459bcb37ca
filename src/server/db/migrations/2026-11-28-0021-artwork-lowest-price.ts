import { sql } from 'kysely';
import { engineOf } from '../dialect';
import type { MigrationDb } from '../migration-helpers';

// The shop's price filter and price sorts read the lowest price a buyer can pay for an artwork: the cheaper of the
// licences it offers (decision 0056). price_cents is the Personal price, kept even while Personal is not offered,
// so an artwork sold under Commercial alone was filtered and sorted by a price nobody could pay.
// lowest_price_cents is worked out by the database from the licence columns, on every write whoever makes it, and
// for the artworks already listed as the column is added: no writer has to remember it. Sales are left out, as
// the sorts never counted them. The price indexes (migration 0001) move to it under their names.
// - SQLite adds a generated column only as VIRTUAL (worked out when read); its index stores the values.
// - PostgreSQL 15 has STORED generated columns only.

const LOWEST = sql`case
  when offers_personal = 1 and (commercial_price_cents is null or price_cents <= commercial_price_cents)
    then price_cents
  else coalesce(commercial_price_cents, price_cents)
end`;

const PRICE_INDEXES = [
  'artworks_category_price',
  'artworks_category_price_low',
  'artworks_price',
  'artworks_price_low',
];

function priceIndexes(column: string): Array<[string, string[]]> {
  return [
    ['artworks_category_price', ['category', column, 'id']],
    ['artworks_category_price_low', ['category', column, 'id desc']],
    ['artworks_price', [column, 'id']],
    ['artworks_price_low', [column, 'id desc']],
  ];
}

async function replacePriceIndexes(db: MigrationDb, column: string): Promise<void> {
  for (const name of PRICE_INDEXES) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of priceIndexes(column))
    await db.schema.createIndex(name).on('artworks').columns(columns).execute();
}

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('artworks')
    .addColumn('lowest_price_cents', 'integer', (c) => {
      const generated = c.notNull().generatedAlwaysAs(LOWEST);
      return engineOf(db) === 'postgres' ? generated.stored() : generated;
    })
    .execute();
  await replacePriceIndexes(db, 'lowest_price_cents');
}

export async function down(db: MigrationDb): Promise<void> {
  await replacePriceIndexes(db, 'price_cents');
  await db.schema.alterTable('artworks').dropColumn('lowest_price_cents').execute();
}
