import type { MigrationDb } from '../migration-helpers';

// The owner's funnel (decision 0063): counters, not a log of visits. Days are UTC, written YYYY-MM-DD as text on
// both engines, so a range is a comparison of strings and an index serves it.
// - funnel_daily: one row per day and artwork, its counters raised by upserts (views, distinct visitors, carts,
//   checkouts, sales, revenue in cents). No foreign key: a deleted artwork's history stays in the totals.
// - funnel_referrers: views per day, artwork and referring domain (e.g. pinterest.com); never a full address.
// - funnel_salts: the day's random salt that makes a visitor's hash (address and browser); deleted after its day,
//   which makes the day's hashes meaningless.
// - funnel_visitors: the day's hashes, only to count a visitor once per artwork; deleted with the salt.

export async function up(db: MigrationDb): Promise<void> {
  const counter = (name: string) => (table: ReturnType<typeof db.schema.createTable>) =>
    table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
  let daily = db.schema
    .createTable('funnel_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.notNull());
  for (const name of ['views', 'visitors', 'carts', 'checkouts', 'sales', 'revenue_cents'])
    daily = counter(name)(daily);
  await daily.addPrimaryKeyConstraint('funnel_daily_pk', ['day', 'artwork_id']).execute();

  await db.schema
    .createTable('funnel_referrers')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('funnel_referrers_pk', ['day', 'artwork_id', 'domain'])
    .execute();

  await db.schema
    .createTable('funnel_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('funnel_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('funnel_visitors_pk', ['day', 'artwork_id', 'visitor'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['funnel_visitors', 'funnel_salts', 'funnel_referrers', 'funnel_daily'])
    await db.schema.dropTable(table).execute();
}
