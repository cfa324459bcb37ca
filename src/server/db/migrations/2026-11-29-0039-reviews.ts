import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Reviews from verified buyers (decision 0078): one per buyer's address and artwork, pending until the owner
// approves it; the review requests, a job per paid order due 14 days after the payment; and each artwork's
// approved-review count and sum of stars, kept on its row so the catalogue's cards read no other table.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('reviews'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id').onDelete('cascade'))
    .addColumn('buyer_email', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('name_choice', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hidden_reason', 'text')
    .addColumn('answer', 'text')
    .addColumn('answered_at', ts)
    .addColumn('photo_url', 'text')
    .addColumn('photo_width', 'integer')
    .addColumn('photo_height', 'integer')
    .addColumn('photo_images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('approved_at', ts)
    .addUniqueConstraint('reviews_artwork_buyer', ['artwork_id', 'buyer_email'])
    .execute();
  await db.schema.createIndex('reviews_shown').on('reviews').columns(['artwork_id', 'status', 'approved_at']).execute();
  await db.schema.createIndex('reviews_by_status').on('reviews').columns(['status', 'id']).execute();
  await db.schema.createIndex('reviews_user').on('reviews').column('user_id').execute();

  await withIdColumn(db, db.schema.createTable('review_requests'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('done_at', ts)
    .addColumn('outcome', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('review_requests_due').on('review_requests').columns(['next_attempt_at', 'id']).execute();

  await db.schema
    .alterTable('artworks')
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('artworks')
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('artworks').dropColumn('rating_sum').execute();
  await db.schema.alterTable('artworks').dropColumn('rating_count').execute();
  await db.schema.dropTable('review_requests').execute();
  await db.schema.dropTable('reviews').execute();
}
