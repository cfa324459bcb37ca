// What a store on the embedded default keeps in DATA_DIR, and the file copying both backup and restore need.
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { demoSeedOfMasterKey } from '../demo/demo-master';

export const DATABASE_FILE = 'store.sqlite';
/** The public files (previews, renditions, media) and the private full-resolution ones, as create-storage.ts lays them out. */
export const FILE_FOLDERS = ['files', 'private'] as const;
export type FileFolder = (typeof FILE_FOLDERS)[number];
export const MANIFEST_FILE = 'manifest.json';

export interface FolderTally {
  count: number;
  bytes: number;
}

/** Written beside the copy; restore checks the copy against it. */
export interface BackupManifest {
  format: 1;
  /** When the backup was finished. */
  createdAt: string;
  store: { name: string; version: string };
  source: { dataDir: string };
  database: {
    file: typeof DATABASE_FILE;
    engine: 'sqlite';
    /** The copy is the database as it was at one instant between these two. */
    copyStartedAt: string;
    copiedAt: string;
    bytes: number;
    /** The last migration applied: the store version able to open it has this one in src/server/db/migrate.ts. */
    migration: string | null;
    integrity: string;
  };
  counts: { artworks: number; users: number; orders: number; paidOrders: number; uploads: number };
  files: Record<FileFolder, FolderTally>;
  /** Files the copied database names that were not in DATA_DIR (empty unless the store had already lost them). */
  missingFiles: string[];
}

/**
 * Copies a folder tree. `*.tmp` files are left out: LocalStorage writes a file under a temporary name and renames it
 * into place, so a .tmp file is a write still in progress, which no database row names yet.
 */
export async function copyTree(from: string, to: string): Promise<FolderTally> {
  const tally: FolderTally = { count: 0, bytes: 0 };
  let entries;
  try {
    entries = await fs.readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return tally;
    throw error;
  }
  await fs.mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await copyTree(source, target);
      tally.count += inner.count;
      tally.bytes += inner.bytes;
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      // A clone where the file system offers one (instant, no extra space until either side changes), else a copy.
      await fs.copyFile(source, target, constants.COPYFILE_FICLONE);
      tally.count += 1;
      tally.bytes += (await fs.stat(target)).size;
    }
  }
  return tally;
}

export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** `PRAGMA integrity_check`'s verdict: 'ok', or the first problems it lists. */
export function integrityOf(db: SQLite.Database): string {
  const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
  return rows
    .map((r) => r.integrity_check)
    .slice(0, 5)
    .join('; ');
}

const LOCAL_FILES_URL = '/files/';

/**
 * Every stored file the database names, as a path relative to DATA_DIR: each upload (private ones under private/,
 * the rest and their renditions under files/) and the artworks' own links to local files, demo masters aside.
 */
export function referencedFiles(db: SQLite.Database): string[] {
  const files = new Set<string>();
  const publicUrl = (url: string | null) => {
    if (url?.startsWith(LOCAL_FILES_URL)) files.add(path.posix.join('files', url.slice(LOCAL_FILES_URL.length)));
  };
  const uploads = db.prepare('select key, kind, url, images from uploads').all() as Array<{
    key: string;
    kind: string;
    url: string | null;
    images: string;
  }>;
  for (const upload of uploads) {
    files.add(path.posix.join(upload.kind === 'private' ? 'private' : 'files', upload.key));
    publicUrl(upload.url);
    for (const image of JSON.parse(upload.images) as Array<{ url: string }>) publicUrl(image.url);
  }
  const artworks = db
    .prepare('select preview_url, image_url, high_res_image_url, private_file_key from artworks')
    .all() as Array<{
    preview_url: string | null;
    image_url: string | null;
    high_res_image_url: string | null;
    private_file_key: string | null;
  }>;
  for (const artwork of artworks) {
    publicUrl(artwork.preview_url);
    publicUrl(artwork.image_url);
    publicUrl(artwork.high_res_image_url);
    // A demo artwork's master is drawn on its first download (demo/demo-master.ts): not having it is normal.
    const key = artwork.private_file_key;
    if (key && demoSeedOfMasterKey(key) === undefined) files.add(path.posix.join('private', key));
  }
  return [...files].sort();
}
