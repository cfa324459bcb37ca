import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// A signed-in buyer's cart and favourites kept on the server (decision 0077), so they follow the buyer from one
// browser to another, and the one cart reminder.
// - buyer_carts: one per account that has saved a cart; its reminder's state (idle | waiting | sent), when the
//   reminder went, and the job runner's lease columns: next_attempt_at is when the reminder is due (the last change
//   plus 24 hours), claimed with a lease like any job.
// - buyer_cart_lines: what a browser's cart line holds: an artwork or a set, its licence, its quantity, and a
//   pay-what-you-want artwork's chosen amount in cents.
// - buyer_favorites: the favourite artworks, in the order they were added.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('buyer_carts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('reminder', 'text', (c) => c.notNull().defaultTo('idle'))
    .addColumn('reminded_at', ts)
    .addColumn('changed_at', ts, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('buyer_carts_due').on('buyer_carts').columns(['reminder', 'next_attempt_at']).execute();

  await withIdColumn(db, db.schema.createTable('buyer_cart_lines'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'artwork' | 'set': what item_id names.
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('buyer_cart_lines_line', ['user_id', 'item_kind', 'item_id', 'licence'])
    .execute();

  await db.schema
    .createTable('buyer_favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('buyer_favorites_pk', ['user_id', 'artwork_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('buyer_favorites').execute();
  await db.schema.dropTable('buyer_cart_lines').execute();
  await db.schema.dropTable('buyer_carts').execute();
}
