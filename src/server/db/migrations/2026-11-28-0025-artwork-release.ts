import { sql } from 'kysely';
import { timestampType, type MigrationDb } from '../migration-helpers';

// An artwork's release (decision 0061): a draft (the owner's only), scheduled (goes live at publish_at, on
// whichever instance runs the job first) or published. Every artwork made before this was live, so existing rows
// are published, at the time they were made.
// - status: 'draft' | 'scheduled' | 'published'; new rows are published unless the writer says otherwise (the
//   owner's form publishes at once, as before; bulk upload and import make drafts).
// - publish_at: when a scheduled artwork goes live; null otherwise.
// - published_at: when it went live; null until then. The shop's "newest" sort reads it.
// Moving a catalogue in (bulk upload, imports from other shops) matches masters to listings by these two:
// - master_file_name: the name the master's file had on the owner's computer; null when unknown.
// - sku: the seller's own stock code (Etsy's SKU, Shopify's Variant SKU); null when none.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('artworks')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('published')
        .check(sql`status in ('draft', 'scheduled', 'published')`),
    )
    .execute();
  await db.schema.alterTable('artworks').addColumn('publish_at', timestampType(db)).execute();
  await db.schema.alterTable('artworks').addColumn('published_at', timestampType(db)).execute();
  await db.schema.alterTable('artworks').addColumn('master_file_name', 'text').execute();
  await db.schema.alterTable('artworks').addColumn('sku', 'text').execute();
  await db
    .updateTable('artworks')
    .set({ published_at: sql`created_at` })
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('artworks').dropColumn('sku').execute();
  await db.schema.alterTable('artworks').dropColumn('master_file_name').execute();
  await db.schema.alterTable('artworks').dropColumn('published_at').execute();
  await db.schema.alterTable('artworks').dropColumn('publish_at').execute();
  await db.schema.alterTable('artworks').dropColumn('status').execute();
}
