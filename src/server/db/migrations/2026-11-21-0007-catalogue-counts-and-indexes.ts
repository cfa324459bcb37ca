import { sql } from 'kysely';
import { engineOf } from '../dialect';
import type { MigrationDb } from '../migration-helpers';

// Catalogue requests whose work must not grow with the catalogue (decision 0023).

const EVENTS = ['insert', 'delete', 'update'] as const;
type Event = (typeof EVENTS)[number];
// PostgreSQL statement triggers see the rows a statement wrote through these.
const TRANSITION_TABLES: Record<Event, string> = {
  insert: 'new table as new_rows',
  delete: 'old table as old_rows',
  update: 'old table as old_rows new table as new_rows',
};

/** PostgreSQL: per event, a function running `body` and a statement trigger on artworks that calls it. */
async function createStatementTriggers(
  db: MigrationDb,
  names: { trigger: string; fn: string },
  bodies: Record<Event, string>,
): Promise<void> {
  for (const event of EVENTS) {
    await sql
      .raw(
        `create function ${names.fn}_${event}() returns trigger language plpgsql as $body$
      begin
        ${bodies[event]};
        return null;
      end $body$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${names.trigger}_${event} after ${event} on artworks referencing ${TRANSITION_TABLES[event]}
      for each statement execute function ${names.fn}_${event}()`,
      )
      .execute(db);
  }
}

/**
 * Per-category counts kept by triggers, so every write path keeps them exact, including ones added later: the
 * admin API, bulk changes, the demo seeder, imports, a hand-written SQL statement. SQLite has row triggers only;
 * PostgreSQL gets statement triggers with transition tables, so a 1,000-row insert adds up its rows once instead
 * of updating the same few counter rows 1,000 times. Counts are the sums of the 0/1 flags, as the old query was.
 */
async function createCategoryCounts(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('category_counts')
    .addColumn('category', 'text', (c) => c.primaryKey())
    .addColumn('artworks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_arrivals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into category_counts (category, artworks, featured, new_arrivals)
    select category, count(*), sum(is_featured), sum(is_new_arrival) from artworks group by category`.execute(db);

  if (engineOf(db) === 'postgres') {
    // One function per kind of statement: each reads only the transition tables its trigger has. Rows are
    // upserted in category order, so two writers never lock the same counter rows in opposite orders.
    const upsert = (source: string) => `insert into category_counts as c (category, artworks, featured, new_arrivals)
      ${source}
      on conflict (category) do update set artworks = c.artworks + excluded.artworks,
        featured = c.featured + excluded.featured, new_arrivals = c.new_arrivals + excluded.new_arrivals`;
    const bodies = {
      insert: upsert(`select category, count(*), sum(is_featured), sum(is_new_arrival) from new_rows
        group by category order by category`),
      delete: upsert(`select category, -count(*), -sum(is_featured), -sum(is_new_arrival) from old_rows
        group by category order by category`),
      // Any update fires this (a column list cannot go with transition tables), downloads' counters included;
      // only categories whose counts really change are written, so those take no lock here.
      update: upsert(`select category, sum(n), sum(f), sum(a) from (
          select category, 1 as n, is_featured as f, is_new_arrival as a from new_rows
          union all select category, -1, -is_featured, -is_new_arrival from old_rows) changes
        group by category having sum(n) <> 0 or sum(f) <> 0 or sum(a) <> 0 order by category`),
    };
    await createStatementTriggers(db, { trigger: 'artworks_category_counts', fn: 'category_counts_after' }, bodies);
  } else {
    await sql`create trigger artworks_category_counts_insert after insert on artworks begin
      insert into category_counts (category, artworks, featured, new_arrivals)
        values (new.category, 1, new.is_featured, new.is_new_arrival)
        on conflict (category) do update set artworks = artworks + 1, featured = featured + excluded.featured,
          new_arrivals = new_arrivals + excluded.new_arrivals; end`.execute(db);
    await sql`create trigger artworks_category_counts_delete after delete on artworks begin
      update category_counts set artworks = artworks - 1, featured = featured - old.is_featured,
        new_arrivals = new_arrivals - old.is_new_arrival where category = old.category; end`.execute(db);
    await sql`create trigger artworks_category_counts_update after update of category, is_featured, is_new_arrival on artworks
      when old.category is not new.category or old.is_featured is not new.is_featured
        or old.is_new_arrival is not new.is_new_arrival begin
      update category_counts set artworks = artworks - 1, featured = featured - old.is_featured,
        new_arrivals = new_arrivals - old.is_new_arrival where category = old.category;
      insert into category_counts (category, artworks, featured, new_arrivals)
        values (new.category, 1, new.is_featured, new.is_new_arrival)
        on conflict (category) do update set artworks = artworks + 1, featured = featured + excluded.featured,
          new_arrivals = new_arrivals + excluded.new_arrivals; end`.execute(db);
  }
}

/**
 * PostgreSQL's search, moved off the artworks table (SQLite's FTS5 index is unchanged). Every pg_trgm match is
 * checked again against its row, and counting a common word's matches read most of the wide table (106 MB at
 * 100,000 works, beyond the default shared_buffers). artworks_search_text holds only id and search_text (30 MB),
 * kept row for row by statement triggers, with the trigram index beside it. Two characters are too few for a
 * trigram, so those searches scanned: character_pairs() lists every two-character substring of a text, and an
 * index over it answers a two-character term exactly (a text contains 'ab' exactly when 'ab' is one of its pairs).
 */
async function createPostgresSearchText(db: MigrationDb): Promise<void> {
  await sql`create table artworks_search_text (id integer primary key, search_text text not null)`.execute(db);
  await sql`insert into artworks_search_text (id, search_text) select id, search_text from artworks`.execute(db);
  // Characters of the text zipped with those of the text shifted by one: a pair per position, in plain SQL
  // (no C extension needed). The index drops repeated pairs by itself.
  await sql`create function character_pairs(t text) returns text[] language sql immutable strict parallel safe as $body$
    select array(select a || b from unnest(string_to_array(t, null), string_to_array(substr(t, 2), null)) as x(a, b)
      where b is not null) $body$`.execute(db);
  await sql`create index artworks_search_text_trgm on artworks_search_text using gin (search_text public.gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index artworks_search_text_pairs on artworks_search_text using gin (character_pairs(search_text))`.execute(
    db,
  );
  await sql`drop index artworks_search_trgm`.execute(db);

  const bodies = {
    insert: 'insert into artworks_search_text (id, search_text) select id, search_text from new_rows',
    delete: 'delete from artworks_search_text s using old_rows o where s.id = o.id',
    // Fires for every update (downloads' counters too) but writes only texts that changed.
    update: `update artworks_search_text s set search_text = n.search_text from new_rows n
      where s.id = n.id and s.search_text is distinct from n.search_text`,
  };
  await createStatementTriggers(db, { trigger: 'artworks_search_text', fn: 'artworks_search_text_after' }, bodies);
}

async function dropPostgresSearchText(db: MigrationDb): Promise<void> {
  for (const event of EVENTS) {
    await sql.raw(`drop trigger artworks_search_text_${event} on artworks`).execute(db);
    await sql.raw(`drop function artworks_search_text_after_${event}()`).execute(db);
  }
  await sql`drop table artworks_search_text`.execute(db);
  await sql`drop function character_pairs(text)`.execute(db);
  await sql`create index artworks_search_trgm on artworks using gin (search_text public.gin_trgm_ops)`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  await createCategoryCounts(db);
  if (engineOf(db) === 'postgres') await createPostgresSearchText(db);
  // Related works are a category's featured works first, then the newest: read backwards, this index hands
  // them over in that order, so a detail page reads 5 entries instead of sorting its whole category.
  await db.schema
    .createIndex('artworks_category_featured')
    .on('artworks')
    .columns(['category', 'is_featured', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('artworks_category_featured').execute();
  if (engineOf(db) === 'postgres') await dropPostgresSearchText(db);
  for (const event of EVENTS) {
    await sql
      .raw(`drop trigger artworks_category_counts_${event}${engineOf(db) === 'postgres' ? ' on artworks' : ''}`)
      .execute(db);
    if (engineOf(db) === 'postgres') await sql.raw(`drop function category_counts_after_${event}()`).execute(db);
  }
  await db.schema.dropTable('category_counts').execute();
}
