import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Files an upload put in storage and then had to take back, while the storage would not let it delete them (the S3
// server stopped half-way through an upload). A worker deletes them once the storage answers again, so
// nothing half-written stays behind for ever.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('stored_file_cleanup'))
    // Which store the key is in: 'public' (previews, renditions, media) or 'private' (full-resolution files).
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('last_error', 'text')
    // A key listed twice would only be deleted twice; unique, so that listing it again is a no-op.
    .addUniqueConstraint('stored_file_cleanup_store_key', ['store', 'key'])
    .execute();
  // The worker's one question: "what is due?".
  await db.schema.createIndex('stored_file_cleanup_due').on('stored_file_cleanup').column('next_attempt_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('stored_file_cleanup').execute();
}
