import type { MigrationDb } from '../migration-helpers';

// Licence upgrades (decision 0068): a Personal line upgraded to Commercial is a line of its own, in an order of its
// own, that names the line it upgrades. No reference: an order keeps its lines as sold, and the line it names is
// never deleted while its order stands. The index serves "is this line upgraded?" in the library and at the cart.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('order_items').addColumn('upgrade_of_item_id', 'integer').execute();
  await db.schema.createIndex('order_items_upgrade_of').on('order_items').column('upgrade_of_item_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('order_items_upgrade_of').execute();
  await db.schema.alterTable('order_items').dropColumn('upgrade_of_item_id').execute();
}
