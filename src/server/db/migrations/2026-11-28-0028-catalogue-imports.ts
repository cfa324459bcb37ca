import { sql } from 'kysely';
import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Moving a catalogue in from Etsy or Shopify (decision 0064):
// - import_batches: one uploaded CSV, what the store understood of it (listings, JSON) and every row it refused
//   and why (JSON), kept between the owner's upload and confirmation; confirmed_at once drafts were made.
// - import_keys: which artwork a listing became, by its source's key (Etsy: SKU, else title and first image;
//   Shopify: handle). Its primary key is what makes importing the same CSV twice create nothing twice.
// - import_picture_jobs: one job per imported listing, fetching its pictures from the CSV's addresses in the
//   background through the job runner; kept once done, for the batch's progress.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('import_batches'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('etsy', 'shopify')`))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('listings', 'text', (c) => c.notNull())
    .addColumn('refused', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('confirmed_at', ts)
    .execute();
  await db.schema
    .createTable('import_keys')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('listing_key', 'text', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('import_keys_pk', ['source', 'listing_key'])
    .execute();
  await withIdColumn(db, db.schema.createTable('import_picture_jobs'))
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    // JSON list of the listing's image addresses, in the CSV's order: the first becomes the artwork's picture.
    .addColumn('urls', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('waiting', 'done', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_picture_jobs_batch').on('import_picture_jobs').column('batch_id').execute();
  await db.schema
    .createIndex('import_picture_jobs_due')
    .on('import_picture_jobs')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'waiting')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('import_picture_jobs').execute();
  await db.schema.dropTable('import_keys').execute();
  await db.schema.dropTable('import_batches').execute();
}
