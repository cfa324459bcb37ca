import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// The owner's refund of one line of an order (decision 0071): an artwork's line, or a set's lines together.
// - line_refunds: one row per line refunded, asked before the payment provider is (applied_at null) and applied
//   with the order's refund total in the lifecycle's transaction. (order_id, line_key) is unique, so a double click
//   or two instances make one row, and one refund at the provider (its idempotency key is the row's key).
//   line_key is 'item:<order_items.id>' or 'set:<set_id>'; item_ids the lines it covers (a JSON array).
// - order_items.line_refund_id: the refund that took the line back, once applied; its downloads and certificate end.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('line_refunds'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_key', 'text', (c) => c.notNull())
    .addColumn('item_ids', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('applied_at', ts)
    .addUniqueConstraint('line_refunds_order_line', ['order_id', 'line_key'])
    .execute();
  await db.schema.alterTable('order_items').addColumn('line_refund_id', 'integer').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('line_refund_id').execute();
  await db.schema.dropTable('line_refunds').execute();
}
