import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '#server/db/database.ts';
import type { Engine } from '#server/db/dialect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';

export interface BenchDatabase {
  engine: Engine;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** A migrated, empty SQLite file: a file rather than :memory:, so reads go through the same paths as in a shop. */
export async function openSqliteBenchDatabase(dir: string): Promise<BenchDatabase> {
  const db = createDatabase({ sqliteFile: path.join(dir, 'catalog.sqlite') });
  await migrateToLatest(db);
  return { engine: 'sqlite', db, close: () => db.destroy() };
}

/** A migrated, empty schema of its own in the given PostgreSQL database; close() drops it again. */
export async function openPostgresBenchDatabase(url: string): Promise<BenchDatabase> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('create extension if not exists pg_trgm with schema public');
    await admin.query(`create schema ${schema}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const db = createDatabase({ databaseUrl: url, postgresSchema: schema });
  const close = async () => {
    await db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  };
  try {
    // Kysely's bookkeeping tables in this schema, or it finds another schema's (tests may run beside the bench).
    await migrateToLatest(db, { schema });
  } catch (error) {
    await close();
    throw error;
  }
  return { engine: 'postgres', db, close };
}

/** Opens a bench database, runs the benchmark on it and closes it whatever happens. */
export async function withBenchDatabase<T>(
  open: () => Promise<BenchDatabase>,
  run: (database: BenchDatabase) => Promise<T>,
): Promise<T> {
  const database = await open();
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

/**
 * Runs a benchmark on each engine in turn, each on a database of its own, and answers their results in that order:
 * SQLite, then PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a database (stderr says why not
 * otherwise). `engines` (a script's BENCH_ENGINES) can leave either out.
 */
export async function benchEachEngine<T>(
  dataDir: string,
  run: (database: BenchDatabase) => Promise<T[]>,
  engines: readonly string[] = ['sqlite', 'postgres'],
): Promise<T[]> {
  const results: T[] = [];
  if (engines.includes('sqlite'))
    results.push(...(await withBenchDatabase(() => openSqliteBenchDatabase(dataDir), run)));
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!engines.includes('postgres')) {
    process.stderr.write('postgres: skipped (BENCH_ENGINES)\n');
  } else if (postgresUrl) {
    results.push(...(await withBenchDatabase(() => openPostgresBenchDatabase(postgresUrl), run)));
  } else {
    process.stderr.write('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)\n');
  }
  return results;
}

// Other work on a shared machine shows in the tail percentiles first; the load average says how busy it was.
export function loadAverage(): string {
  return (os.loadavg()[0] ?? 0).toFixed(2);
}
