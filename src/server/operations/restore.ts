// Puts a backup made by backup.ts back as DATA_DIR. `npm run restore -- <backup>` (scripts/operations/restore.ts)
// runs it.
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
  type BackupManifest,
} from './store-folder';

/** Said instead of restoring when it would lose data or the backup is not whole; the CLI prints it and exits 1. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** A backup folder (the one holding manifest.json). */
  backup: string;
  dataDir: string;
  /** Replace a DATA_DIR that already holds a store; the old folder is kept beside it, renamed. */
  force?: boolean;
}

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
  /** Where the DATA_DIR that was there before now is, when there was one. */
  previous: string | undefined;
}

/**
 * Copies the backup into a new folder beside DATA_DIR, checks it (the database's integrity, the file counts and
 * sizes the manifest promises), and only then renames it into place: DATA_DIR is at every moment either what it was
 * or the whole restored store, never half of one. A DATA_DIR that was there is renamed aside, not deleted.
 */
export async function restoreStore(
  options: RestoreOptions,
  now: () => Date = () => new Date(),
): Promise<RestoreResult> {
  const backup = path.resolve(options.backup);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await readManifest(backup);
  await refuseToReplace(dataDir, options.force ?? false);

  const parent = path.dirname(dataDir);
  await fs.mkdir(parent, { recursive: true });
  // Beside DATA_DIR, hence on its file system: the final rename is then a single atomic step.
  const staging = path.join(parent, `.${path.basename(dataDir)}.restoring-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(staging);
  try {
    await fs.copyFile(path.join(backup, DATABASE_FILE), path.join(staging, DATABASE_FILE));
    for (const folder of FILE_FOLDERS) {
      const tally = await copyTree(path.join(backup, folder), path.join(staging, folder));
      const promised = manifest.files[folder];
      if (tally.count !== promised.count || tally.bytes !== promised.bytes) {
        throw new RestoreRefused(
          `The backup's ${folder}/ holds ${tally.count} files (${tally.bytes} bytes) where its manifest lists ${promised.count} (${promised.bytes} bytes): it is not whole.`,
        );
      }
    }
    checkDatabase(path.join(staging, DATABASE_FILE));
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }

  let previous: string | undefined;
  if (await exists(dataDir)) {
    if ((await fs.readdir(dataDir)).length === 0) {
      await fs.rmdir(dataDir);
    } else {
      previous = `${dataDir}.before-restore-${now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/:/g, '-')}`;
      await fs.rename(dataDir, previous);
    }
  }
  await fs.rename(staging, dataDir);
  return { dataDir, manifest, previous };
}

async function readManifest(backup: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(backup, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefused(
      `${backup} is not a backup: it has no readable ${MANIFEST_FILE} (give the dated folder that npm run backup made).`,
    );
  }
  if (manifest.format !== 1)
    throw new RestoreRefused(
      `${backup} is a backup in a format this version does not know (${String(manifest.format)}).`,
    );
  if (!(await exists(path.join(backup, DATABASE_FILE))))
    throw new RestoreRefused(`${backup} has no ${DATABASE_FILE}: it is not whole.`);
  return manifest;
}

async function refuseToReplace(dataDir: string, force: boolean): Promise<void> {
  const current = path.join(dataDir, DATABASE_FILE);
  if (!(await exists(current))) return;
  if (!force) {
    throw new RestoreRefused(
      `${dataDir} already holds a store (${DATABASE_FILE}). Restore into another DATA_DIR, or add --force to replace it (the old folder is kept beside it).`,
    );
  }
  // A store running on it would go on writing into the renamed folder while customers' new orders vanished from
  // view. Leaving WAL mode needs every other connection closed, so it tells whether a store still has it open.
  const db = new SQLite(current, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 1000');
    if (db.pragma('journal_mode = DELETE', { simple: true }) !== 'delete')
      throw new RestoreRefused(`A store is still using ${current}: stop it before restoring over it.`);
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new RestoreRefused(`A store is still using ${current}: stop it before restoring over it.`);
    }
    throw error;
  } finally {
    db.close();
  }
}

function checkDatabase(file: string): void {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const integrity = integrityOf(db);
    if (integrity !== 'ok') throw new RestoreRefused(`The backup's database fails its integrity check: ${integrity}`);
  } finally {
    db.close();
  }
}
