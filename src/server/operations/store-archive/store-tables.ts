// Which tables a store archive carries, read from the database itself rather than listed by hand: a table a later
// migration adds is carried without anyone remembering to, unless it is named below as left out.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../../db/dialect';

/**
 * Tables left out of an archive, each for a reason:
 * - secrets and what only makes sense on this instance: sessions, e-mail tokens (a reset link is a password), rate
 *   limit windows;
 * - queued work that belongs to this running store: the mail queue, the outbox, the clean-up of stored files;
 * - tables the database's triggers fill from other tables (counts and search rows): the importing store's
 *   triggers fill them again as the rows go in;
 * - the migrator's own bookkeeping: the archive names its schema level in its manifest instead.
 */
export const TABLES_LEFT_OUT = new Set([
  'sessions',
  'email_tokens',
  'rate_limits',
  'mail_queue',
  'event_outbox',
  'stored_file_cleanup',
  'category_counts',
  'artworks_search',
  'artworks_search_text',
  'artworks_search_terms',
  'facet_codes',
  'kysely_migration',
  'kysely_migration_lock',
  // The funnel's daily salt and the visitors hashed with it are thrown away each day: they never leave the store.
  'funnel_salts',
  'funnel_visitors',
]);

/** Rows of `app_meta` left out: the download signing secret, and the answer cache's version of this store. */
export const META_KEYS_LEFT_OUT = ['download-signing-secret', 'catalog-version'];

export interface StoreTable {
  name: string;
  /** The columns a row is written with: generated columns are left out (the database computes them). */
  columns: string[];
  /** The primary key's columns, in order: rows are read in this order (all columns when there is none). */
  key: string[];
  /** Tables whose rows this table's rows refer to (other than itself). */
  refersTo: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table, by name, as the database has it now
type AnyDb = Kysely<any>;

/** The tables an archive carries, each after the tables it refers to, so rows go in without breaking a reference. */
export async function storeTables(db: AnyDb): Promise<StoreTable[]> {
  const tables = engineOf(db) === 'postgres' ? await postgresTables(db) : await sqliteTables(db);
  return referencedFirst(tables.filter((table) => !TABLES_LEFT_OUT.has(table.name)));
}

async function sqliteTables(db: AnyDb): Promise<StoreTable[]> {
  // pragma table_list says 'virtual' and 'shadow' for full-text indexes and their storage: derived, left out.
  const { rows } = await sql<{ name: string }>`
    select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'
  `.execute(db);
  const tables: StoreTable[] = [];
  for (const { name } of rows) {
    const columns = await sql<{
      name: string;
      hidden: number;
    }>`select name, hidden from pragma_table_xinfo(${name})`.execute(db);
    const references = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
    const key = await sql<{
      name: string;
    }>`select name from pragma_table_info(${name}) where pk > 0 order by pk`.execute(db);
    tables.push({
      name,
      key: key.rows.map((column) => column.name),
      // hidden 2 and 3: generated columns (virtual, stored).
      columns: columns.rows.filter((column) => column.hidden === 0).map((column) => column.name),
      refersTo: references.rows.map((reference) => reference.table),
    });
  }
  return tables;
}

async function postgresTables(db: AnyDb): Promise<StoreTable[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    order by c.table_name, c.ordinal_position
  `.execute(db);
  const references = await sql<{ table_name: string; referenced: string }>`
    select c.relname as table_name, r.relname as referenced
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class r on r.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = (select oid from pg_namespace where nspname = current_schema())
  `.execute(db);
  const keys = await sql<{ table_name: string; column_name: string }>`
    select c.relname as table_name, a.attname as column_name
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indisprimary and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
    order by c.relname, array_position(i.indkey::int2[], a.attnum)
  `.execute(db);
  const tables = new Map<string, StoreTable>();
  for (const { table_name, column_name } of columns.rows) {
    const table = tables.get(table_name) ?? { name: table_name, columns: [], key: [], refersTo: [] };
    table.columns.push(column_name);
    tables.set(table_name, table);
  }
  for (const { table_name, referenced } of references.rows) tables.get(table_name)?.refersTo.push(referenced);
  for (const { table_name, column_name } of keys.rows) tables.get(table_name)?.key.push(column_name);
  return [...tables.values()];
}

/** Orders tables so that each comes after those it refers to; a table referring to itself keeps its rows by id. */
export function referencedFirst(tables: StoreTable[]): StoreTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: StoreTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: StoreTable) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`Tables refer to each other in a circle through ${table.name}`);
    visiting.add(table.name);
    for (const name of table.refersTo) {
      const referenced = byName.get(name);
      if (referenced && name !== table.name) place(referenced);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) place(table);
  return ordered;
}
