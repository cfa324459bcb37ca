// Loads a store archive into an empty store: files first, then every table's rows in one transaction, ids kept,
// on either engine and either file store. `npm run import-store` (scripts/operations/import-store.ts) runs it.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { engineOf } from '../../db/dialect';
import { MIGRATION_NAMES, migrateTo, migrateToLatest } from '../../db/migrate';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { makeScratch } from '../scratch-folders';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  MANIFEST_ENTRY,
  contentTypeOfKey,
  decodeValue,
  fileOfEntry,
  tableEntry,
  type ArchiveManifest,
  type FileStore,
} from './archive-format';
import { storeTables } from './store-tables';

/** Said instead of an import when the archive or the store will not do; the CLI prints the message and exits 1. */
export class ImportRefused extends Error {}

export interface ImportTarget {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, by name
  db: Kysely<any>;
  stores: Record<FileStore, StorageProvider>;
  /** PostgreSQL only: the schema the store's tables live in; by default the connection's current schema. */
  schema?: string;
  /** Progress, a line at a time. */
  say?: (line: string) => void;
}

/** Tables that have rows in any store that has been used: one of them not empty means the store is not empty. */
const CONTENT_TABLES = ['users', 'artworks', 'orders', 'tax_documents', 'discounts', 'uploads'];

/** Rows written in one statement: well under both engines' limits on bound values for any table here. */
const BATCH_ROWS = 100;

export async function loadStoreArchive(archive: string, target: ImportTarget): Promise<ArchiveManifest> {
  const say = target.say ?? (() => undefined);
  const zip = await openZip(archive);
  try {
    const entries = await entriesOf(zip);
    const manifest = await readManifest(zip, entries);
    await refuseUnlessEmpty(target.db);
    // The migrator's bookkeeping in the store's own schema: otherwise Kysely may find another schema's.
    const schema = target.schema ?? (engineOf(target.db) === 'postgres' ? await currentSchema(target.db) : undefined);
    say(`Schema: bringing the store to ${manifest.migration}`);
    await migrateTo(target.db, manifest.migration, { schema });

    const files = [...entries.values()].flatMap((entry) => {
      const file = fileOfEntry(entry.fileName);
      return file && !entry.fileName.endsWith('/') ? [{ entry, ...file }] : [];
    });
    say(`Files: ${files.length}`);
    await loadFiles(zip, files, target.stores);

    await target.db.transaction().execute(async (trx) => {
      const tables = await tablesInOrder(trx, manifest);
      for (const table of [...tables].reverse()) await trx.deleteFrom(table.name).execute();
      for (const table of tables) {
        const entry = entries.get(tableEntry(table.name));
        if (!entry) throw new ImportRefused(`The archive lists the table ${table.name} but does not hold it`);
        const rows = await loadTable(trx, zip, entry, table.name, table.columns);
        if (rows !== table.rows) {
          throw new ImportRefused(`The table ${table.name} holds ${rows} rows; the manifest says ${table.rows}`);
        }
        say(`Table ${table.name}: ${rows} rows`);
      }
      if (engineOf(trx) === 'postgres') await moveSequencesPastIds(trx, tables);
    });
    const later = await migrateToLatest(target.db, { schema });
    if (later.length > 0) say(`Schema: ${later.length} later migrations applied`);
    return manifest;
  } finally {
    zip.close();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(new ImportRefused(`Not a ZIP archive (${error.message})`)) : resolve(zip),
    ),
  );
}

/** The central directory's entries by name (read once; their bytes are read in the order the import needs). */
function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function streamOf(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

async function readManifest(zip: ZipFile, entries: Map<string, Entry>): Promise<ArchiveManifest> {
  const entry = entries.get(MANIFEST_ENTRY);
  if (!entry) throw new ImportRefused(`Not a store archive: it has no ${MANIFEST_ENTRY}`);
  const chunks: Buffer[] = [];
  for await (const chunk of await streamOf(zip, entry)) chunks.push(chunk as Buffer);
  const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ArchiveManifest;
  if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
    throw new ImportRefused(`Not a store archive this version reads (${manifest.format} ${manifest.version})`);
  }
  if (!MIGRATION_NAMES.includes(manifest.migration)) {
    throw new ImportRefused(
      `The archive comes from a newer store (its schema is at ${manifest.migration}; this one knows up to ${MIGRATION_NAMES.at(-1)}). Update this store first.`,
    );
  }
  return manifest;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function refuseUnlessEmpty(db: Kysely<any>): Promise<void> {
  // A new database has no tables yet: empty. A migrated one is empty when none of its content tables has rows.
  const existing = new Set((await storeTables(db)).map((table) => table.name));
  const used: string[] = [];
  for (const table of CONTENT_TABLES.filter((name) => existing.has(name))) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) used.push(`${table}: ${row.n}`);
  }
  if (used.length > 0) {
    throw new ImportRefused(
      `This store is not empty (${used.join(', ')}). Import into a new database and empty file store, so nothing is mixed or lost.`,
    );
  }
}

/** Each file through a temporary file on disk into its store: one at a time, never whole in memory. */
async function loadFiles(
  zip: ZipFile,
  files: Array<{ entry: Entry; store: FileStore; key: string }>,
  stores: Record<FileStore, StorageProvider>,
): Promise<void> {
  const scratch = await makeScratch('store-archive');
  try {
    for (const { entry, store, key } of files) {
      const temporary = path.join(scratch, 'file');
      await pipeline(await streamOf(zip, entry), fs.createWriteStream(temporary));
      await stores[store].putFile(key, temporary, contentTypeOfKey(key));
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type AnyTransaction = Transaction<any>;

/** The archive's tables in this engine's order of references; a table or column this store lacks is refused. */
async function tablesInOrder(trx: AnyTransaction, manifest: ArchiveManifest) {
  const here = new Map((await storeTables(trx)).map((table, index) => [table.name, { table, index }]));
  for (const table of manifest.tables) {
    const found = here.get(table.name);
    if (!found) throw new ImportRefused(`The archive has a table this store does not: ${table.name}`);
    const missing = table.columns.filter((column) => !found.table.columns.includes(column));
    if (missing.length > 0) throw new ImportRefused(`${table.name} has no ${missing.join(', ')} in this store`);
  }
  return [...manifest.tables].sort((a, b) => (here.get(a.name)?.index ?? 0) - (here.get(b.name)?.index ?? 0));
}

async function loadTable(
  trx: AnyTransaction,
  zip: ZipFile,
  entry: Entry,
  table: string,
  columns: string[],
): Promise<number> {
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length > 0) await trx.insertInto(table).values(batch).execute();
    count += batch.length;
    batch = [];
  };
  const lines = readline.createInterface({ input: await streamOf(zip, entry), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    batch.push(Object.fromEntries(columns.map((column) => [column, decodeValue(row[column] ?? null)])));
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  return count;
}

/**
 * Ids were written as they were, which moves no identity sequence: each is set past its column's largest id, so
 * the next order or invoice line gets a new one. (SQLite's AUTOINCREMENT follows the largest id by itself.)
 */
async function moveSequencesPastIds(trx: AnyTransaction, tables: ArchiveManifest['tables']): Promise<void> {
  for (const table of tables) {
    for (const column of table.columns) {
      const { rows } = await sql<{ sequence: string | null }>`
        select pg_get_serial_sequence(${sql.lit(`"${table.name}"`)}, ${sql.lit(column)}) as sequence
      `.execute(trx);
      const sequence = rows[0]?.sequence;
      if (!sequence) continue;
      await sql`
        select setval(${sequence}::regclass, coalesce((select max(${sql.ref(column)}) from ${sql.table(table.name)}), 0) + 1, false)
      `.execute(trx);
    }
  }
}
