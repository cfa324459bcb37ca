import { sql } from 'kysely';
import { engineOf } from '../dialect';
import { timestampType, type MigrationDb } from '../migration-helpers';

// Guest checkout (decision 0058): an order may be made without an account, so it has no user and is known by the
// buyer's e-mail, trimmed and lower-cased, which it already carries. The tables that keyed by the buyer's account
// (the order, a discount code's held use, a download's log) take a null user; a held use also keeps the buyer's
// e-mail, so "once per customer" and the holds count a guest by address.
// - The guest's library link names the order and a version signed with the store's key: `guest_link_version` is
//   raised by a re-issue (the old link stops working), `guest_link_revoked_at` set by the owner's revocation.
// - One open order per guest and cart: the cart's key holds the guest's address, and a unique index over the
//   guest orders keeps two tabs from opening two (the index on user_id and cart_key does not see null users).
// - SQLite cannot drop NOT NULL in place: the table is made again from its own CREATE text without it, and its
//   rows and indexes copied (the migration runs with foreign keys off, so nothing referring to it is touched).

const NULLABLE_USER_TABLES = ['orders', 'discount_reservations', 'downloads'] as const;

async function setUserNullable(db: MigrationDb, table: string, nullable: boolean): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const change = nullable ? sql`drop not null` : sql`set not null`;
    await sql`alter table ${sql.table(table)} alter column user_id ${change}`.execute(db);
    return;
  }
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const create = rows.find((row) => row.type === 'table')?.sql;
  if (!create) throw new Error(`no table ${table}`);
  const from = nullable ? /"user_id" integer not null/i : /"user_id" integer(?! not null)/i;
  const to = nullable ? '"user_id" integer' : '"user_id" integer not null';
  if (!from.test(create)) throw new Error(`${table}.user_id is not as expected: ${create}`);
  const copy = `${table}__copy`;
  const renamed = create.replace(from, to).replace(/^create table\s+("?)[\w]+\1/i, `create table "${copy}"`);
  await sql.raw(renamed).execute(db);
  await sql.raw(`insert into "${copy}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${copy}" rename to "${table}"`).execute(db);
  for (const row of rows.filter((r) => r.type !== 'table')) await sql.raw(row.sql).execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  for (const table of NULLABLE_USER_TABLES) await setUserNullable(db, table, true);
  await db.schema
    .alterTable('orders')
    .addColumn('guest_link_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('orders').addColumn('guest_link_revoked_at', timestampType(db)).execute();
  await db.schema
    .createIndex('orders_one_open_per_guest_cart')
    .on('orders')
    .column('cart_key')
    .unique()
    .where(sql<boolean>`user_id is null and status in ('pending', 'failed')`)
    .execute();
  // Guests' orders are found by address (links again, joining an account) through orders_customer_email (0005).
  await db.schema.alterTable('discount_reservations').addColumn('customer_email', 'text').execute();
  await sql`update discount_reservations set customer_email =
    (select customer_email from orders where orders.id = discount_reservations.order_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('discount_reservations').dropColumn('customer_email').execute();
  await db.schema.dropIndex('orders_one_open_per_guest_cart').execute();
  await db.schema.alterTable('orders').dropColumn('guest_link_revoked_at').execute();
  await db.schema.alterTable('orders').dropColumn('guest_link_version').execute();
  await sql`delete from discount_reservations where user_id is null`.execute(db);
  await sql`delete from downloads where user_id is null`.execute(db);
  await sql`delete from orders where user_id is null`.execute(db);
  for (const table of NULLABLE_USER_TABLES) await setUserNullable(db, table, false);
}
