import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  // What the provider has paid back on an order, in cents: revenue is amount minus this.
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // What was delivered with the sale, kept on the line: an artwork deleted later must not take a buyer's file with it.
  for (const column of ['private_file_key', 'google_drive_link', 'dimensions', 'format', 'preview_url']) {
    await db.schema.alterTable('order_items').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('test_payment_intents')
    .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The idempotency key of the last refund, as Stripe keeps them: the same refund asked twice is made once.
  await db.schema.alterTable('test_payment_intents').addColumn('last_refund_key', 'text').execute();

  // Every change of an order's status, for the owner's order page.
  await withIdColumn(db, db.schema.createTable('order_history'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_history_order').on('order_history').column('order_id').execute();

  // One row per download handed out: who, what, when, from where.
  await withIdColumn(db, db.schema.createTable('downloads'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('downloads_item').on('downloads').column('order_item_id').execute();
  await db.schema.createIndex('downloads_created').on('downloads').column('created_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('downloads').execute();
  await db.schema.dropTable('order_history').execute();
  await db.schema.alterTable('test_payment_intents').dropColumn('last_refund_key').execute();
  await db.schema.alterTable('test_payment_intents').dropColumn('amount_refunded').execute();
  for (const column of ['private_file_key', 'google_drive_link', 'dimensions', 'format', 'preview_url']) {
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  }
  await db.schema.alterTable('orders').dropColumn('refunded_cents').execute();
}
