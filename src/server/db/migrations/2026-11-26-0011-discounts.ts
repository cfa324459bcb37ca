import { sql } from 'kysely';
import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

// Discount codes, automatic sales and quantity breaks, and what each order got from them.
// - discounts: one row per code, sale or quantity break (kind). A code's text is kept upper-case, so it matches
//   whatever case a buyer types; sales and breaks have none.
// - discount_reservations: a use of a limited code held by a checkout (an order not paid yet) until it is paid
//   (used) or 30 minutes pass (given back); one per order. Counting paid orders and held uses under a lock on the
//   discount's row is what keeps a code's last use from going to two buyers.
// - artwork_prices: each artwork's price history, so a sale shows as "was" the lowest price of the 30 days before it.
// - orders and order_items: the order's subtotal (at sale prices) and discount, and each line's list price and
//   share of the discount, as charged: editing or deleting a discount later changes nothing an order got.

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withIdColumn(db, db.schema.createTable('discounts'))
    // code | sale | quantity
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('max_uses', 'integer')
    .addColumn('once_per_customer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_subtotal_cents', 'integer')
    // A quantity break's threshold: the number of artworks in the cart from which it applies.
    .addColumn('min_quantity', 'integer')
    // all | artworks | categories
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('all'))
    // JSON lists: the artworks' ids, the categories' ids.
    .addColumn('scope_artworks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('scope_categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('combines_with_sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discounts_kind_active').on('discounts').columns(['kind', 'active']).execute();

  await withIdColumn(db, db.schema.createTable('discount_reservations'))
    .addColumn('discount_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    // held | used | released
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discount_reservations_discount')
    .on('discount_reservations')
    .columns(['discount_id', 'status'])
    .execute();

  await withIdColumn(db, db.schema.createTable('artwork_prices'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('recorded_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('artwork_prices_artwork')
    .on('artwork_prices')
    .columns(['artwork_id', 'recorded_at'])
    .execute();
  // Each artwork's price as it is now, from when it was listed: the history starts here.
  await sql`insert into artwork_prices (artwork_id, price_cents, recorded_at)
    select id, price_cents, created_at from artworks`.execute(db);

  await db.schema
    .alterTable('orders')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('discount_id', 'integer').execute();
  // A code's uses are its paid orders, counted when asked: a counter on the code's row would be one row every
  // payment with it writes, and on PostgreSQL payments with a popular code would wait for each other's commit.
  await db.schema.createIndex('orders_discount').on('orders').columns(['discount_id', 'paid_at']).execute();
  // What the buyer saw the discount called ('WELCOME10', '3 or more artworks: 25 % off'), kept as it was.
  await db.schema.alterTable('orders').addColumn('discount_label', 'text').execute();
  await sql`update orders set subtotal_cents = amount_cents`.execute(db);

  // The unit's price before an automatic sale (unit_price_cents is after it), and the line's share of the order's
  // discount (a code or a quantity break): line_total_cents = unit_price_cents × quantity − discount_cents.
  await db.schema
    .alterTable('order_items')
    .addColumn('list_unit_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update order_items set list_unit_price_cents = unit_price_cents`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['discount_cents', 'list_unit_price_cents'])
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  for (const column of ['discount_label', 'discount_id', 'discount_cents', 'subtotal_cents'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.dropTable('artwork_prices').execute();
  await db.schema.dropTable('discount_reservations').execute();
  await db.schema.dropTable('discounts').execute();
}
