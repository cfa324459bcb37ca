// The 100,000-artwork database of npm run bench:http and bench:upgrade. Filling it (bench:catalog's generator:
// migrations, then fillCatalog, ANALYZE) takes most of a minute on this machine, so the filled file is kept under
// .bench/http-cache/ and reused while nothing it was made from has changed: the generator, the artwork row mapping
// and the migrations (edited in place or added) are hashed into its name. Every run copies it into a fresh DATA_DIR,
// so what the store writes while it runs (sessions, rate-limit rows, a later migration) never reaches the cache.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { fillCatalog } from './fill-catalog';

/** Everything the filled file depends on, relative to the project. A folder stands for every file in it. */
const INPUTS = [
  'scripts/benchmarks/shared/fill-catalog.ts',
  'scripts/benchmarks/shared/generate-artworks.ts',
  'scripts/benchmarks/shared/generate-facet-columns.ts',
  'scripts/benchmarks/shared/word-lists.ts',
  'src/server/demo/random.ts',
  'src/server/modules/artworks/artwork-row.ts',
  'src/server/modules/artworks/facets',
  'src/shared/catalogue/browse-facets.ts',
  'src/shared/prints/master-print-sizes.ts',
  'src/shared/prints/print-sizes.ts',
  'src/shared/prints/ratio-crop.ts',
  'src/shared/catalogue/categories.ts',
  'src/server/db/database.ts',
  'src/server/db/migrate.ts',
  'src/server/db/migrations',
];
const DATABASE_FILE = 'store.sqlite';

export interface LargeCatalog {
  /** The cached file, to be copied into a DATA_DIR. */
  file: string;
  /** A sentence for the report: reused (and from when) or filled now (and how long it took). */
  origin: string;
}

function filesOf(projectRoot: string, input: string): string[] {
  const full = path.join(projectRoot, input);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full)
    .sort()
    .map((name) => path.join(full, name))
    .filter((file) => fs.statSync(file).isFile());
}

function fingerprint(projectRoot: string, artworks: number): string {
  const hash = createHash('sha256').update(`artworks=${artworks}\n`);
  for (const input of INPUTS) {
    for (const file of filesOf(projectRoot, input))
      hash.update(path.relative(projectRoot, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The filled database for `artworks` works, from the cache when it is current, else filled now (and cached). */
export async function largeCatalog(
  projectRoot: string,
  artworks: number,
  options: { refill: boolean; log: (message: string) => void },
): Promise<LargeCatalog> {
  const cacheRoot = path.join(projectRoot, '.bench', 'http-cache');
  const name = `catalog-${artworks}-${fingerprint(projectRoot, artworks)}`;
  const cached = path.join(cacheRoot, name, DATABASE_FILE);
  if (!options.refill && fs.existsSync(cached)) {
    const made = fs.statSync(cached).mtime.toISOString().replace('T', ' ').slice(0, 16);
    return {
      file: cached,
      origin: `reused the cached database ${path.relative(projectRoot, cached)} (filled ${made} UTC; BENCH_HTTP_REFILL=1 fills it again)`,
    };
  }

  fs.mkdirSync(cacheRoot, { recursive: true });
  // Files made from older inputs are of no further use; each weighs about 230 MB.
  for (const entry of fs.readdirSync(cacheRoot)) {
    if (entry.startsWith(`catalog-${artworks}-`))
      fs.rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
  }
  // Filled beside its final place and renamed when complete, so an interrupted fill is never taken for a cache.
  const building = fs.mkdtempSync(path.join(cacheRoot, 'filling-'));
  const started = performance.now();
  options.log(
    `filling a database with ${artworks.toLocaleString('en')} generated artworks (once; later runs reuse it)...`,
  );
  try {
    const db = createDatabase({ sqliteFile: path.join(building, DATABASE_FILE) });
    try {
      await migrateToLatest(db);
      await fillCatalog(db, artworks);
    } finally {
      // The last connection closing checkpoints the WAL into the file and removes it.
      await db.destroy();
    }
    try {
      fs.renameSync(building, path.join(cacheRoot, name));
    } catch (error) {
      // Another run filled the same one meanwhile: keep theirs.
      if (!fs.existsSync(cached)) throw error;
      fs.rmSync(building, { recursive: true, force: true });
    }
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  return {
    file: cached,
    origin: `filled now in ${seconds} s and cached as ${path.relative(projectRoot, cached)} for the next runs`,
  };
}

/** A fresh DATA_DIR holding a copy of the filled database. */
export function dataDirWith(databaseFile: string, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  for (const suffix of ['', '-wal']) {
    if (fs.existsSync(databaseFile + suffix))
      fs.copyFileSync(databaseFile + suffix, path.join(dataDir, DATABASE_FILE + suffix), fs.constants.COPYFILE_FICLONE);
  }
}
