import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Licence tiers: an artwork is sold under a personal licence, a commercial one, or either at its own price, and an
// order line keeps the tier and the version of its terms it was sold under.
// - artworks.offers_personal (0/1): the personal tier at price_cents; commercial_price_cents: null = not offered.
// - order_items.licence and licence_terms_version: lines sold before tiers existed were personal, under the terms
//   that had no version yet (null).
// - licence_terms: every save of a tier's terms is a new row (version n + 1); rows are never changed, so an order
//   line's version always names the words it was sold under. Version 1 of each tier is seeded at start by the
//   licences module, from the texts the store ships.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('artworks')
    .addColumn('offers_personal', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('artworks').addColumn('commercial_price_cents', 'integer').execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('licence', 'text', (c) => c.notNull().defaultTo('personal'))
    .execute();
  await db.schema.alterTable('order_items').addColumn('licence_terms_version', 'integer').execute();

  await withIdColumn(db, db.schema.createTable('licence_terms'))
    // personal | commercial
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // JSON arrays of strings
    .addColumn('allowed', 'text', (c) => c.notNull())
    .addColumn('not_allowed', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addUniqueConstraint('licence_terms_licence_version', ['licence', 'version'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('licence_terms').execute();
  for (const column of ['licence_terms_version', 'licence'])
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  for (const column of ['commercial_price_cents', 'offers_personal'])
    await db.schema.alterTable('artworks').dropColumn(column).execute();
}
