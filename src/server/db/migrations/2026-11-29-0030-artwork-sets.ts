import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Sets (decisions 0066 and 0067): 2 to 12 published artworks the owner sells together.
// - artwork_sets: the set's words, how its price is given (price_cents: a set price; percent_off: a percentage off
//   the pieces' sum; exactly one of the two is set) and its cover, a piece's picture (cover_artwork_id).
// - order_items.set_id: the set a line is a piece of, when the set was bought whole (no reference: an order keeps
//   its lines as sold whatever becomes of the set).
// - artwork_set_pieces: the pieces in the owner's order. artwork_id becomes null when the artwork is deleted, so
//   the set keeps its place for the piece and stays off sale until the owner mends it.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('artwork_sets'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer')
    .addColumn('percent_off', 'integer')
    .addColumn('cover_artwork_id', 'integer', (c) => c.references('artworks.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('artwork_set_pieces')
    .addColumn('set_id', 'integer', (c) => c.notNull().references('artwork_sets.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.references('artworks.id').onDelete('set null'))
    .addPrimaryKeyConstraint('artwork_set_pieces_pk', ['set_id', 'position'])
    .execute();
  // "In these sets" on a piece's page reads the sets by artwork.
  await db.schema.createIndex('artwork_set_pieces_artwork').on('artwork_set_pieces').column('artwork_id').execute();
  await db.schema.alterTable('order_items').addColumn('set_id', 'integer').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('set_id').execute();
  await db.schema.dropTable('artwork_set_pieces').execute();
  await db.schema.dropTable('artwork_sets').execute();
}
