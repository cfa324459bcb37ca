// The store's tables written out as JSON lines, one file a table, from one consistent view of the database.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf } from '../../db/dialect';
import { encodeValue, type ArchiveManifest } from './archive-format';
import { META_KEYS_LEFT_OUT, storeTables, type StoreTable } from './store-tables';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are read by name, whatever they hold
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type AnyTransaction = Transaction<any>;

/** Rows read at a time: a table of any size is written without being held whole. */
const PAGE_ROWS = 1_000;

export interface DumpedTables {
  migration: string;
  tables: ArchiveManifest['tables'];
  /** Each table's file in `folder`, in the manifest's order. */
  files: string[];
}

/**
 * Writes every table the archive carries into `folder`. One transaction (repeatable read on PostgreSQL; SQLite's
 * transaction sees one snapshot), so an order and its invoice written meanwhile are both in, or both out.
 */
export async function dumpTables(db: AnyDb, folder: string): Promise<DumpedTables> {
  const transaction = db.transaction();
  const run = engineOf(db) === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction;
  return run.execute(async (trx) => {
    const migration = await lastMigration(trx);
    const tables: ArchiveManifest['tables'] = [];
    const files: string[] = [];
    for (const table of await storeTables(trx)) {
      const file = path.join(folder, `${table.name}.jsonl`);
      const rows = await dumpTable(trx, table, file);
      tables.push({ name: table.name, columns: table.columns, rows });
      files.push(file);
    }
    return { migration, tables, files };
  });
}

export async function lastMigration(db: AnyDb | AnyTransaction): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
    db,
  );
  const name = rows[0]?.name;
  if (!name) throw new Error('The database has not been migrated');
  return name;
}

async function dumpTable(trx: AnyTransaction, table: StoreTable, file: string): Promise<number> {
  const handle = await fs.open(file, 'w');
  let count = 0;
  try {
    for (let offset = 0; ; offset += PAGE_ROWS) {
      const rows = await readPage(trx, table, offset);
      if (rows.length === 0) break;
      const lines = rows
        .filter((row) => table.name !== 'app_meta' || !META_KEYS_LEFT_OUT.includes(String(row.key)))
        .map((row) => JSON.stringify(Object.fromEntries(table.columns.map((c) => [c, encodeValue(row[c])]))) + '\n');
      await handle.write(lines.join(''));
      count += lines.length;
      if (rows.length < PAGE_ROWS) break;
    }
  } finally {
    await handle.close();
  }
  return count;
}

function readPage(trx: AnyTransaction, table: StoreTable, offset: number): Promise<Record<string, unknown>[]> {
  const order = table.key.length > 0 ? table.key : table.columns;
  return trx
    .selectFrom(table.name)
    .select(table.columns)
    .$call((query) => order.reduce((ordered, column) => ordered.orderBy(column), query))
    .limit(PAGE_ROWS)
    .offset(offset)
    .execute();
}
