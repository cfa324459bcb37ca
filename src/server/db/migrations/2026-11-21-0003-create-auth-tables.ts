import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  // Only a hash of each session token is kept: a copy of the database does not let anyone sign in.
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  // Links sent by e-mail (confirm the address, reset the password): hashed, single use, short-lived.
  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('email_tokens_user_purpose').on('email_tokens').columns(['user_id', 'purpose']).execute();

  await withIdColumn(db, db.schema.createTable('contact_messages'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('mailed_at', ts)
    .execute();

  // Rate-limit counters live in the database so that every app instance counts the same attempts.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['rate_limits', 'contact_messages', 'email_tokens', 'sessions']) {
    await db.schema.dropTable(table).execute();
  }
}
