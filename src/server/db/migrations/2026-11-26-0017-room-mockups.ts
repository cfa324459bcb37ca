import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Room mockups: the artwork's public picture shown hung in a few rooms, made in the background (decision 0048).
// - artworks.mockups: JSON list of {scene, images: [{url, width, height}]}, the WebP renditions of each scene.
// - artworks.mockups_source: the picture (its largest public rendition's address) they were made from; a new
//   picture makes new mockups, the same one does not. Null: none made yet.
// - artworks.mockups_enabled (0/1), first_mockup_scene (null: the scenes' own order) and social_image
//   ('picture' | 'mockup'): the owner's choices of what the public sees.
// - mockup_jobs: at most one job per artwork, for the picture it is to be made from; claimed by one worker at a
//   time like a print pack, and deleted once the mockups are on the artwork.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .alterTable('artworks')
    .addColumn('mockups', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('artworks').addColumn('mockups_source', 'text').execute();
  await db.schema
    .alterTable('artworks')
    .addColumn('mockups_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('artworks').addColumn('first_mockup_scene', 'text').execute();
  await db.schema
    .alterTable('artworks')
    .addColumn('social_image', 'text', (c) => c.notNull().defaultTo('picture'))
    .execute();

  await withIdColumn(db, db.schema.createTable('mockup_jobs'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull().unique())
    .addColumn('source_url', 'text', (c) => c.notNull())
    // Random, per job: names its files, so a key is never used twice (a late clean-up cannot remove a newer file).
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
  await db.schema.createIndex('mockup_jobs_due').on('mockup_jobs').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('mockup_jobs').execute();
  for (const column of ['social_image', 'first_mockup_scene', 'mockups_enabled', 'mockups_source', 'mockups'])
    await db.schema.alterTable('artworks').dropColumn(column).execute();
}
