import { sql } from 'kysely';
import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Mail waits here until the mail server takes it (decision 0026): a failed send is retried, not lost.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('mail_queue'))
    // What the message is for (receipt, refund, confirm-email, …): for the log and for what follows a delivery.
    .addColumn('kind', 'text', (c) => c.notNull())
    // What it is about (an order number, a contact message's id), for the log; optional.
    .addColumn('ref', 'text')
    // Set where a message must go out once whoever asks twice (an order's receipt): a second insert is ignored.
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    // While set and in the future, one instance is sending the message and every other leaves it alone.
    .addColumn('claimed_until', ts)
    .addColumn('sent_at', ts)
    .addColumn('last_error', 'text')
    .execute();
  // The worker's question, "what is due?", reads only unsent rows: the sent ones pile up without slowing it.
  await db.schema
    .createIndex('mail_queue_due')
    .on('mail_queue')
    .column('next_attempt_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
  await db.schema.createIndex('mail_queue_sent').on('mail_queue').column('sent_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('mail_queue').execute();
}
