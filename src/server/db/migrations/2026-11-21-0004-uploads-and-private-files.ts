import { timestampType, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  // Every stored upload, so an artwork can only point at files this server stored, with their renditions.
  await db.schema
    .createTable('uploads')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_url').on('uploads').column('url').execute();

  // The owner's full-resolution file, stored privately: never under a public URL, never in a public response.
  await db.schema.alterTable('artworks').addColumn('private_file_key', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('artworks').dropColumn('private_file_key').execute();
  await db.schema.dropTable('uploads').execute();
}
