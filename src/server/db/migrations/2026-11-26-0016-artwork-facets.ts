import { sql } from 'kysely';
import { engineOf } from '../dialect';
import type { MigrationDb } from '../migration-helpers';

// What the shop can be browsed by besides category and price, one row per artwork and value it is listed under:
// 'color:blue', 'orientation:landscape' (a panoramic artwork also has 'orientation:panoramic'), 'frame:8x10'.
// Worked out in TypeScript from the artwork's palette, orientation, master size and offered ratios
// (modules/artworks/facets), so this table is filled by the store at start, not here: see sync-catalogue-facets.ts.
//
// The primary key (facet, artwork_id) lists a value's artworks in id order from the index alone: counting them, or
// the newest page of them, never reads the wide artworks rows. On SQLite the table is WITHOUT ROWID, so that key is
// the table itself. The index on artwork_id serves the cascade when an artwork is deleted, and a sync's read.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('artwork_facets')
    .addColumn('facet', 'text', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('artwork_facets_pkey', ['facet', 'artwork_id'])
    .$call((table) => (engineOf(db) === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await db.schema.createIndex('artwork_facets_artwork').on('artwork_facets').column('artwork_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('artwork_facets').execute();
}
