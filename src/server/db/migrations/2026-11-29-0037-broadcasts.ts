import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Broadcasts (decision 0076): the owner's list mail and the store's new-art digests, each recipient a row of its
// own whose status only moves forward (queued → sending → sent), so a message is handed to the mail server at most
// once; and the digest's schedule, one row, a job of the job runner.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('broadcasts'))
    .addColumn('list_kind', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_markdown', 'text', (c) => c.notNull())
    .addColumn('artwork_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('started_at', ts)
    .addColumn('finished_at', ts)
    // The lease columns of the job runner: a broadcast being sent is a job, one batch a turn.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('broadcasts_due').on('broadcasts').columns(['status', 'next_attempt_at']).execute();

  await withIdColumn(db, db.schema.createTable('broadcast_recipients'))
    .addColumn('broadcast_id', 'integer', (c) => c.notNull().references('broadcasts.id').onDelete('cascade'))
    .addColumn('consent_id', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('broadcast_recipients_once', ['broadcast_id', 'consent_id'])
    .execute();
  await db.schema
    .createIndex('broadcast_recipients_status')
    .on('broadcast_recipients')
    .columns(['broadcast_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('broadcast_recipients_email').on('broadcast_recipients').column('email').execute();

  await withIdColumn(db, db.schema.createTable('new_art_digests'))
    .addColumn('covered_until', ts, (c) => c.notNull())
    .addColumn('last_sent_at', ts)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .execute();
  // The one schedule: the first digest covers what is published from now on, not the whole catalogue.
  const now = new Date().toISOString();
  await db.insertInto('new_art_digests').values({ covered_until: now, next_attempt_at: now }).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('new_art_digests').execute();
  await db.schema.dropTable('broadcast_recipients').execute();
  await db.schema.dropTable('broadcasts').execute();
}
