import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
    .addColumn('email_confirmed_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  // Small key/value facts about this installation, e.g. that the demo catalogue was already added once.
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('app_meta').execute();
  await db.schema.dropTable('users').execute();
}
