import { timestampType, type MigrationDb } from '../migration-helpers';

// A buyer's own account changes (decision 0074).
// - email_tokens.new_email: the address a 'change-email' link moves the account to, kept with the link so that the
//   account keeps its old address until the new inbox is proven.
// - orders.account_deleted_at: the buyer deleted their account; the order stays (with its tax documents) without
//   the person, and the owner's views say "Deleted account" instead of an address.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('email_tokens').addColumn('new_email', 'text').execute();
  await db.schema.alterTable('orders').addColumn('account_deleted_at', timestampType(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('account_deleted_at').execute();
  await db.schema.alterTable('email_tokens').dropColumn('new_email').execute();
}
