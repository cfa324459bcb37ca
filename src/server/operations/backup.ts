// A consistent copy of a running store on the embedded default: the SQLite database through SQLite's online backup,
// then the stored files, into a dated folder with a manifest. `npm run backup` (scripts/operations/backup.ts) runs it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  DATABASE_FILE,
  FILE_FOLDERS,
  MANIFEST_FILE,
  copyTree,
  exists,
  integrityOf,
  referencedFiles,
  type BackupManifest,
  type FileFolder,
  type FolderTally,
} from './store-folder';

/** Said instead of a backup when this command cannot make one; the CLI prints the message and exits 1. */
export class BackupRefused extends Error {}

export interface BackupSettings {
  dataDir: string;
  /** Where dated backup folders are made. */
  backupDir: string;
}

/**
 * The few settings a backup needs, read as the server reads them (DATA_DIR defaults to ./data). The rest of the
 * server's configuration is not checked: the backup must run in a shell that lacks, say, the Stripe keys.
 * Backups go to `folder` (the command's argument), else BACKUP_DIR, else `backups` beside DATA_DIR: outside it, so
 * a backup never copies earlier backups and a restore, which replaces DATA_DIR, never takes them away.
 */
export function backupSettings(env: NodeJS.ProcessEnv, folder?: string): BackupSettings {
  const refusals: string[] = [];
  if (env.DATABASE_URL) {
    refusals.push(
      'DATABASE_URL is set: the database is PostgreSQL, which this command does not handle. Use pg_dump and pg_restore (see Backups in README.md).',
    );
  }
  if (env.S3_BUCKET) {
    refusals.push(
      `S3_BUCKET is set: the files are in the bucket ${env.S3_BUCKET}, which this command does not handle. Keep them with bucket versioning (see Backups in README.md).`,
    );
  }
  if (refusals.length > 0) throw new BackupRefused(refusals.join('\n'));
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return { dataDir, backupDir: path.resolve(folder || env.BACKUP_DIR || path.join(path.dirname(dataDir), 'backups')) };
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
}

/** Large enough to be every page of any database: the whole copy in one step (see copyDatabase). */
const ALL_PAGES = 0x7fffffff;

/** `2026-11-22T00-20-00Z`: sorts by time and is a valid folder name everywhere (no colons). */
export function backupFolderName(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * Makes `<backupDir>/<time>/` holding store.sqlite, files/, private/ and manifest.json, while the store keeps
 * selling. The order matters:
 *
 * 1. The database first, through SQLite's online backup API, from a connection of its own: the copy is the database
 *    as it was at one instant, whatever the store writes meanwhile (in WAL mode its writes go on; the copy reads
 *    the snapshot it started with).
 * 2. Then the files. The store writes a file before it writes the row that names it (upload, then artwork), and
 *    never changes or deletes a stored file (a new content gets a new name), so every file the copied database
 *    names was already on disk when the database was copied, and is still there to copy now. Files copied the
 *    other way round could miss the files of an upload made between the two copies; in this order, a file written
 *    during the copy is at worst one that the copied database does not name yet, which is harmless.
 *
 * The backup is made under a hidden `.…partial` name and renamed when complete, so a folder with the time for its
 * name is always a whole backup.
 */
export async function backupStore(settings: BackupSettings, now: () => Date = () => new Date()): Promise<BackupResult> {
  const source = path.join(settings.dataDir, DATABASE_FILE);
  if (!(await exists(source)))
    throw new BackupRefused(
      `There is no store to back up in ${settings.dataDir}: ${DATABASE_FILE} is not there (is DATA_DIR right?).`,
    );

  await fs.mkdir(settings.backupDir, { recursive: true });
  const work = path.join(settings.backupDir, `.${backupFolderName(now())}-${randomBytes(4).toString('hex')}.partial`);
  await fs.mkdir(work);
  try {
    const copy = path.join(work, DATABASE_FILE);
    const database = await copyDatabase(source, copy);
    const files = {} as Record<FileFolder, FolderTally>;
    for (const folder of FILE_FOLDERS)
      files[folder] = await copyTree(path.join(settings.dataDir, folder), path.join(work, folder));

    const missingFiles: string[] = [];
    for (const file of database.referenced) if (!(await exists(path.join(work, file)))) missingFiles.push(file);

    const manifest: BackupManifest = {
      format: 1,
      createdAt: now().toISOString(),
      store: await storeVersion(),
      source: { dataDir: settings.dataDir },
      database: {
        file: DATABASE_FILE,
        engine: 'sqlite',
        copyStartedAt: database.startedAt.toISOString(),
        copiedAt: database.copiedAt.toISOString(),
        bytes: (await fs.stat(copy)).size,
        migration: database.migration,
        integrity: database.integrity,
      },
      counts: database.counts,
      files,
      missingFiles,
    };
    await fs.writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    const folder = await renameToFreeName(work, settings.backupDir, backupFolderName(database.startedAt));
    return { folder, manifest };
  } catch (error) {
    await fs.rm(work, { recursive: true, force: true });
    throw error;
  }
}

interface DatabaseCopy {
  startedAt: Date;
  copiedAt: Date;
  migration: string | null;
  integrity: string;
  counts: BackupManifest['counts'];
  referenced: string[];
}

async function copyDatabase(source: string, target: string): Promise<DatabaseCopy> {
  const live = new SQLite(source, { fileMustExist: true });
  // The store may hold the write lock for a moment; wait for it as the store's own connections do.
  live.pragma('busy_timeout = 5000');
  const startedAt = new Date();
  try {
    // All pages in one step, inside one read transaction. Copied a few pages at a time, SQLite would start the copy
    // over whenever the store wrote in between: on a busy shop it might never finish.
    await live.backup(target, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copiedAt = new Date();

  const copy = new SQLite(target, { fileMustExist: true });
  try {
    // The copy keeps the live database's WAL mode; as a single self-contained file it needs no -wal beside it.
    copy.pragma('journal_mode = DELETE');
    const integrity = integrityOf(copy);
    if (integrity !== 'ok') throw new Error(`The database copy failed its integrity check: ${integrity}`);
    const count = (sql: string) => (copy.prepare(sql).get() as { n: number }).n;
    const migration = copy.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    return {
      startedAt,
      copiedAt,
      migration: migration?.name ?? null,
      integrity,
      counts: {
        artworks: count('select count(*) as n from artworks'),
        users: count('select count(*) as n from users'),
        orders: count('select count(*) as n from orders'),
        paidOrders: count('select count(*) as n from orders where paid_at is not null'),
        uploads: count('select count(*) as n from uploads'),
      },
      referenced: referencedFiles(copy),
    };
  } finally {
    copy.close();
  }
}

async function storeVersion(): Promise<{ name: string; version: string }> {
  const pkg = JSON.parse(await fs.readFile(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}

/** Two backups within one second get `…Z`, `…Z-2`, …: a backup never lands in another's folder. */
async function renameToFreeName(from: string, dir: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const target = path.join(dir, n === 1 ? name : `${name}-${n}`);
    if (await exists(target)) continue;
    await fs.rename(from, target);
    return target;
  }
}
