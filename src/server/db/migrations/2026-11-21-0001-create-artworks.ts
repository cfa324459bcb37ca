import { sql } from 'kysely';
import { engineOf } from '../dialect';
import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('artworks'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('original_price_cents', 'integer', (c) => c.check(sql`original_price_cents >= 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('preview_url', 'text')
    .addColumn('high_res_image_url', 'text')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('media', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('dimensions', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('is_new_arrival', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('google_drive_link', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  // One index per way the shop narrows or orders the list; each ends in id so ties page stably.
  // Every sort breaks ties by id descending. Read backwards, (price_cents, id) gives 'price-high' exactly,
  // but for 'price-low' (price up, id down) it leaves each price's rows to be sorted: the whole cheapest
  // price (17,000 of 100,000 works) is read to show 24 of them. Hence a second index with id descending.
  const indexes: Array<[string, string[]]> = [
    ['artworks_category_id', ['category', 'id']],
    ['artworks_category_price', ['category', 'price_cents', 'id']],
    ['artworks_category_price_low', ['category', 'price_cents', 'id desc']],
    ['artworks_category_popular', ['category', 'download_count', 'id']],
    ['artworks_price', ['price_cents', 'id']],
    ['artworks_price_low', ['price_cents', 'id desc']],
    ['artworks_popular', ['download_count', 'id']],
    ['artworks_featured', ['is_featured', 'id']],
    ['artworks_new_arrival', ['is_new_arrival', 'id']],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('artworks').columns(columns).execute();
  }

  if (engineOf(db) === 'postgres') {
    // Trigram index: makes LIKE '%term%' an index lookup instead of a scan of every row.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index artworks_search_trgm on artworks using gin (search_text public.gin_trgm_ops)`.execute(db);
  } else {
    // SQLite's equivalent: an FTS5 trigram index kept in step with the table by triggers. The repository
    // answers every search of 2+ characters from the index alone (MATCH, never LIKE on it), so:
    // - it is contentless: it keeps no copy of the text, and contentless_delete lets triggers delete by id;
    // - case_sensitive 1: search_text and the term are lower-cased already, and FTS5's own Unicode case
    //   folding would also equate e.g. 'ς' with 'σ' or 'µ' with 'μ', which LIKE and PostgreSQL do not;
    // - each text is indexed with a newline appended, so that every two-character substring starts a
    //   trigram, even at the very end; artworks_search_terms (the index's vocabulary) then finds them.
    await sql`create virtual table artworks_search using fts5(search_text, content='', contentless_delete=1,
      tokenize='trigram case_sensitive 1')`.execute(db);
    await sql`create virtual table artworks_search_terms using fts5vocab(artworks_search, 'row')`.execute(db);
    await sql`create trigger artworks_search_insert after insert on artworks begin
      insert into artworks_search(rowid, search_text) values (new.id, new.search_text || char(10)); end`.execute(db);
    await sql`create trigger artworks_search_delete after delete on artworks begin
      delete from artworks_search where rowid = old.id; end`.execute(db);
    await sql`create trigger artworks_search_update after update of search_text on artworks begin
      delete from artworks_search where rowid = old.id;
      insert into artworks_search(rowid, search_text) values (new.id, new.search_text || char(10)); end`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql`drop table if exists artworks_search_terms`.execute(db);
    await sql`drop table if exists artworks_search`.execute(db);
  }
  await db.schema.dropTable('artworks').execute();
}
