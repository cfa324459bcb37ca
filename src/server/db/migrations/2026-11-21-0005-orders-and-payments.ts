import { sql } from 'kysely';
import { timestampType, withIdColumn, type MigrationDb } from '../migration-helpers';

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);

  // An order is a snapshot of a sale: its lines keep title, artist and price as sold, whatever becomes of the artwork.
  await withIdColumn(db, db.schema.createTable('orders'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text', (c) => c.unique())
    // A fingerprint of the customer's cart and its prices: the same cart asked for twice is one order.
    .addColumn('cart_key', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('paid_at', ts)
    .execute();
  // At most one open order per customer and cart, even when two tabs ask at the same moment. A refused card leaves
  // its order open ('failed'): paying again pays that order, never a second one for the same cart.
  await db.schema
    .createIndex('orders_one_open_per_cart')
    .on('orders')
    .columns(['user_id', 'cart_key'])
    .unique()
    .where(sql.ref('status'), 'in', [sql.lit('pending'), sql.lit('failed')])
    .execute();
  await db.schema.createIndex('orders_customer_email').on('orders').columns(['customer_email', 'created_at']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();

  await withIdColumn(db, db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // No foreign key: the artwork may be deleted later, and the line must still read as sold.
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  // Every provider event handled, by its id: an event delivered again finds its row and changes nothing.
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text')
    .addColumn('received_at', ts, (c) => c.notNull())
    .execute();

  // The built-in test provider keeps its intents here, so every instance of the store sees the same ones.
  await db.schema
    .createTable('test_payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    // The outcome a card that asked for authentication will have once it is approved.
    .addColumn('pending_outcome', 'text')
    .addColumn('last_error_code', 'text')
    .addColumn('last_error_message', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['test_payment_intents', 'payment_events', 'order_items', 'orders']) {
    await db.schema.dropTable(table).execute();
  }
}
