import { sql } from 'kysely';
import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// The domain events' outbox: the work an event asks of another module after its transaction commits, written in that
// transaction, so a crash between the commit and the work loses nothing (events/event-bus.ts).

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('event_outbox'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('listener', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('done_at', ts)
    .addColumn('last_error', 'text')
    // One listener acts on one event once: the row is its record of having done so.
    .addUniqueConstraint('event_outbox_event_listener', ['event_id', 'listener'])
    .execute();
  // The drain's question, "what is due?", reads only rows not done: the done ones pile up without slowing it.
  await db.schema
    .createIndex('event_outbox_due')
    .on('event_outbox')
    .column('next_attempt_at')
    .where(sql.ref('done_at'), 'is', null)
    .execute();
  await db.schema.createIndex('event_outbox_done').on('event_outbox').column('done_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('event_outbox').execute();
}
