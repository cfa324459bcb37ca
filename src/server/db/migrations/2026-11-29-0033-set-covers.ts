import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// A set's cover drawn by the store as a gallery-wall mockup, and the set's title kept on its order lines
// (decision 0073).
// - artwork_sets.cover_kind: 'piece' (a piece's picture, as before) or 'mockup' (the gallery-wall mockup).
// - artwork_sets.cover_mockup: the mockup's public renditions (JSON, as artworks.mockups keeps a scene's), and
//   cover_mockup_source: the pieces' pictures it was drawn from, in order; a cover whose source is not the pieces'
//   pictures now is stale, and the first piece's picture stands in until the new one is made.
// - set_cover_jobs: at most one job per set, for the pictures it is to be drawn from; claimed by the job runner,
//   deleted once the cover is on the set.
// - order_items.set_title: the set's title when the line was priced, so a receipt or an invoice names the set as
//   it was bought, whatever the owner renames it to later.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .alterTable('artwork_sets')
    .addColumn('cover_kind', 'text', (c) => c.notNull().defaultTo('piece'))
    .execute();
  await db.schema
    .alterTable('artwork_sets')
    .addColumn('cover_mockup', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('artwork_sets').addColumn('cover_mockup_source', 'text').execute();

  await withIdColumn(db, db.schema.createTable('set_cover_jobs'))
    .addColumn('set_id', 'integer', (c) => c.notNull().unique().references('artwork_sets.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    // Random, per job: names its files, so a key is never used twice.
    .addColumn('token', 'text', (c) => c.notNull())
    // queued | making | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('set_cover_jobs_due')
    .on('set_cover_jobs')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema.alterTable('order_items').addColumn('set_title', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('set_title').execute();
  await db.schema.dropTable('set_cover_jobs').execute();
  for (const column of ['cover_mockup_source', 'cover_mockup', 'cover_kind'])
    await db.schema.alterTable('artwork_sets').dropColumn(column).execute();
}
