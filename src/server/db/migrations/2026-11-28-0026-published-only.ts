import { sql } from 'kysely';
import { engineOf } from '../dialect';
import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// What a visitor sees is the published artworks only (decision 0061):
// - category_counts counts published artworks, and follows an artwork's status as it changes;
// - a published artwork always has published_at, whoever writes it (a writer that inserts a published row without
//   it, or publishes one by hand, gets the row's creation time or the time of the change);
// - "newest" walks a partial index of the published ones by (published_at, id); the few unpublished ids are a
//   partial index of their own, which the search and facet tables' fast paths leave out;
// - artwork_releases: one job per scheduled artwork, due at its publish_at, claimed through the job runner.

const PUBLISHED = `status = 'published'`;

async function countPublishedOnly(db: MigrationDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const upsert = (source: string) => `insert into category_counts as c (category, artworks, featured, new_arrivals)
      ${source}
      on conflict (category) do update set artworks = c.artworks + excluded.artworks,
        featured = c.featured + excluded.featured, new_arrivals = c.new_arrivals + excluded.new_arrivals`;
    const bodies = {
      insert: upsert(`select category, count(*), sum(is_featured), sum(is_new_arrival) from new_rows
        where ${PUBLISHED} group by category order by category`),
      delete: upsert(`select category, -count(*), -sum(is_featured), -sum(is_new_arrival) from old_rows
        where ${PUBLISHED} group by category order by category`),
      update: upsert(`select category, sum(n), sum(f), sum(a) from (
          select category, 1 as n, is_featured as f, is_new_arrival as a from new_rows where ${PUBLISHED}
          union all select category, -1, -is_featured, -is_new_arrival from old_rows where ${PUBLISHED}) changes
        group by category having sum(n) <> 0 or sum(f) <> 0 or sum(a) <> 0 order by category`),
    };
    for (const [event, body] of Object.entries(bodies)) {
      await sql
        .raw(
          `create or replace function category_counts_after_${event}() returns trigger language plpgsql as $body$
        begin
          ${body};
          return null;
        end $body$`,
        )
        .execute(db);
    }
  } else {
    for (const event of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger artworks_category_counts_${event}`).execute(db);
    const add = (row: 'new') => `insert into category_counts (category, artworks, featured, new_arrivals)
        select ${row}.category, 1, ${row}.is_featured, ${row}.is_new_arrival where ${row}.${PUBLISHED}
        on conflict (category) do update set artworks = artworks + 1, featured = featured + excluded.featured,
          new_arrivals = new_arrivals + excluded.new_arrivals`;
    const remove = `update category_counts set artworks = artworks - 1, featured = featured - old.is_featured,
        new_arrivals = new_arrivals - old.is_new_arrival where category = old.category and old.${PUBLISHED}`;
    await sql
      .raw(`create trigger artworks_category_counts_insert after insert on artworks begin ${add('new')}; end`)
      .execute(db);
    await sql
      .raw(`create trigger artworks_category_counts_delete after delete on artworks begin ${remove}; end`)
      .execute(db);
    await sql
      .raw(
        `create trigger artworks_category_counts_update
        after update of category, is_featured, is_new_arrival, status on artworks
        when old.category is not new.category or old.is_featured is not new.is_featured
          or old.is_new_arrival is not new.is_new_arrival or old.status is not new.status
        begin ${remove}; ${add('new')}; end`,
      )
      .execute(db);
  }
  // Counted again from the rows: drafts written before this migration came from counts that took them in.
  await sql`update category_counts set artworks = 0, featured = 0, new_arrivals = 0`.execute(db);
  await sql`insert into category_counts (category, artworks, featured, new_arrivals)
    select category, count(*), sum(is_featured), sum(is_new_arrival) from artworks where status = 'published'
    group by category order by category
    on conflict (category) do update set artworks = excluded.artworks, featured = excluded.featured,
      new_arrivals = excluded.new_arrivals`.execute(db);
}

async function alwaysDatePublished(db: MigrationDb): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`create function artworks_published_at() returns trigger language plpgsql as $body$
      begin
        if new.status = 'published' and new.published_at is null then
          new.published_at := case when tg_op = 'INSERT' then new.created_at else now() end;
        end if;
        return new;
      end $body$`.execute(db);
    await sql`create trigger artworks_published_at before insert or update of status on artworks
      for each row execute function artworks_published_at()`.execute(db);
  } else {
    await sql`create trigger artworks_published_at_insert after insert on artworks
      when new.status = 'published' and new.published_at is null begin
      update artworks set published_at = new.created_at where id = new.id; end`.execute(db);
    await sql`create trigger artworks_published_at_update after update of status on artworks
      when new.status = 'published' and new.published_at is null begin
      update artworks set published_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = new.id; end`.execute(db);
  }
  await sql`update artworks set published_at = created_at where status = 'published' and published_at is null`.execute(
    db,
  );
}

async function createReleaseJobs(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('artwork_releases'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull().unique().references('artworks.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('claimed_until', ts)
    .addColumn('claimed_by', 'text')
    .addColumn('done_at', ts)
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('artwork_releases_due')
    .on('artwork_releases')
    .columns(['next_attempt_at', 'id'])
    .execute();
}

export async function up(db: MigrationDb): Promise<void> {
  await countPublishedOnly(db);
  await alwaysDatePublished(db);
  await sql`create index artworks_published_order on artworks (published_at, id) where status = 'published'`.execute(
    db,
  );
  await sql`create index artworks_unpublished on artworks (id) where status <> 'published'`.execute(db);
  await createReleaseJobs(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('artwork_releases').execute();
  await sql`drop index artworks_unpublished`.execute(db);
  await sql`drop index artworks_published_order`.execute(db);
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger artworks_published_at on artworks`.execute(db);
    await sql`drop function artworks_published_at()`.execute(db);
  } else {
    await sql`drop trigger artworks_published_at_insert`.execute(db);
    await sql`drop trigger artworks_published_at_update`.execute(db);
  }
  // The counts' triggers stay as they are now: counting published ones only is right for every status a row has.
}
