import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// The mailing list (decision 0075): one consent per address and kind of mail (news, new-art, cart-reminders,
// review-requests) with its evidence (source, wording, times), and the addresses suppressed after a permanent
// delivery failure; and the mail queue's extra header lines (a list message's List-Unsubscribe).

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('mail_consents'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('wording', 'text', (c) => c.notNull())
    .addColumn('consented_at', ts, (c) => c.notNull())
    .addColumn('confirmed_at', ts)
    .addColumn('withdrawn_at', ts)
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('evidence', 'text')
    .addUniqueConstraint('mail_consents_email_kind', ['email', 'kind'])
    .execute();
  // A broadcast walks one kind's confirmed consents in id order, a batch at a time.
  await db.schema
    .createIndex('mail_consents_kind_status')
    .on('mail_consents')
    .columns(['kind', 'status', 'id'])
    .execute();
  await db.schema.createIndex('mail_consents_user').on('mail_consents').column('user_id').execute();

  await db.schema
    .createTable('mail_suppressions')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema.alterTable('mail_queue').addColumn('headers', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('headers').execute();
  await db.schema.dropTable('mail_suppressions').execute();
  await db.schema.dropTable('mail_consents').execute();
}
