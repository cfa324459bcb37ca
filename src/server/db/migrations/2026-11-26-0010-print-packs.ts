import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// The print pack: from an artwork's private master, one print file per aspect ratio, made in the background.
// - artworks: which ratios the listing offers (null: all six) and the owner's crop of each (fractions of the
//   master), and the master's upright size, read when it was uploaded or first made into a pack.
// - print_packs: one generation of an artwork's pack, for one master and one set of crops; it is also the job that
//   makes its files, claimed by one instance at a time (a lease that a dead worker lets lapse).
// - print_pack_files: the files of a generation. A file unchanged from the generation before is not made again: the
//   new row names the same stored key (stored files never change).

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('artworks').addColumn('print_ratios', 'text').execute();
  await db.schema
    .alterTable('artworks')
    .addColumn('print_crops', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('artworks').addColumn('master_width', 'integer').execute();
  await db.schema.alterTable('artworks').addColumn('master_height', 'integer').execute();
  // The public 2:3 image (1000 × 1500) Pinterest pins, cut from the master with the pack's 2:3 crop.
  await db.schema.alterTable('artworks').addColumn('pin_image_url', 'text').execute();

  await withIdColumn(db, db.schema.createTable('print_packs'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('master_key', 'text', (c) => c.notNull())
    // queued | making | ready | failed
    .addColumn('status', 'text', (c) => c.notNull())
    // Higher first: a pack someone is waiting for (a buyer who paid, the owner looking at it) goes ahead of the rest.
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();
  await db.schema.createIndex('print_packs_artwork').on('print_packs').columns(['artwork_id', 'id']).execute();
  await db.schema.createIndex('print_packs_due').on('print_packs').columns(['status', 'next_attempt_at']).execute();

  await withIdColumn(db, db.schema.createTable('print_pack_files'))
    .addColumn('pack_id', 'integer', (c) => c.notNull())
    .addColumn('ratio', 'text', (c) => c.notNull())
    // jpeg (the pack) | png (made on a buyer's first download of it)
    .addColumn('format', 'text', (c) => c.notNull())
    // queued | making | ready | failed
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON fractions of the master; null until the starting crop is found, for a ratio the owner has not cropped.
    .addColumn('crop', 'text')
    .addColumn('file_key', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('print_pack_files_pack_ratio_format', ['pack_id', 'ratio', 'format'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('print_pack_files').execute();
  await db.schema.dropTable('print_packs').execute();
  for (const column of ['pin_image_url', 'master_height', 'master_width', 'print_crops', 'print_ratios'])
    await db.schema.alterTable('artworks').dropColumn(column).execute();
}
