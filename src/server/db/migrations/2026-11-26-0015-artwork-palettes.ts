import type { MigrationDb } from '../migration-helpers';

// What an artwork looks like, read from its picture at upload (and once in the background for older artworks):
// - artworks.palette: JSON list of up to five {hex, weight, family} dominant colours, heaviest first; null until read.
// - artworks.orientation: portrait | landscape | square | panoramic; null until read.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('artworks').addColumn('palette', 'text').execute();
  await db.schema.alterTable('artworks').addColumn('orientation', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['orientation', 'palette']) await db.schema.alterTable('artworks').dropColumn(column).execute();
}
