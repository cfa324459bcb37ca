import { timestampType, type MigrationDb } from '../migration-helpers';

// A queued message the mail server refused for good (a 5xx to list mail, decision 0075) is given up: it leaves the
// queue's pending rows without being marked sent, and the time it was given up is kept beside its last error.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('mail_queue').addColumn('given_up_at', timestampType(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('given_up_at').execute();
}
