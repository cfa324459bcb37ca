import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Bulk upload (decision 0065): the owner drops up to 200 masters at once, each sent through tus (resumable), and
// each finished file becomes a draft artwork in the background.
// - bulk_batches: one drop of files; the price the owner set for the batch (null: the upload defaults' price).
// - bulk_upload_files: one row per tus upload, from its creation; a job row (lease columns) once the file is
//   whole: the background worker claims it and makes the draft. status: uploading | queued | making | drafted |
//   failed; artwork_id is the draft made; error says why a file was refused, in the owner's words.
// - upload_locks: tus's lock on one upload, shared by every instance (a row with an expiry, renewed while held);
//   release_requested asks the holder to let go, so a client that reconnects to another instance is not kept
//   waiting by its own half-open request.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('bulk_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('price_cents', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable('bulk_upload_files'))
    .addColumn('upload_id', 'text', (c) => c.notNull().unique())
    .addColumn('batch_id', 'text', (c) => c.notNull().references('bulk_batches.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.references('artworks.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bulk_upload_files_batch').on('bulk_upload_files').column('batch_id').execute();
  await db.schema
    .createIndex('bulk_upload_files_due')
    .on('bulk_upload_files')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('upload_locks')
    .addColumn('upload_id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('release_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('upload_locks').execute();
  await db.schema.dropTable('bulk_upload_files').execute();
  await db.schema.dropTable('bulk_batches').execute();
}
