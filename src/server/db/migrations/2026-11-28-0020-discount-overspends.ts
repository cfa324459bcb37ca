import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// A limited code's use paid past its limit: a payment for a checkout whose hold had lapsed or moved arrived at the
// provider anyway. The money is kept and the order paid at what was charged; this row is the owner's record of it.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('discount_overspends'))
    .addColumn('discount_id', 'integer', (c) => c.notNull().references('discounts.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discount_overspends_discount').on('discount_overspends').column('discount_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('discount_overspends').execute();
}
