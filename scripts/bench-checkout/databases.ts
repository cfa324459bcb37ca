import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { BenchDatabase } from '../bench/bench-database';

/** A migrated SQLite file in the temporary folder, opened as the store opens DATA_DIR/store.sqlite (WAL, NORMAL sync). */
export async function openSqlite(dir: string): Promise<BenchDatabase> {
  const db = createDatabase({ sqliteFile: path.join(dir, 'store.sqlite') });
  await migrateToLatest(db);
  return { engine: 'sqlite', db, close: () => db.destroy() };
}

/**
 * A migrated schema of its own (`bench_<random>`) in the given PostgreSQL database, dropped again by close().
 * Kysely's migration tables are kept in that schema: without it the migrator looks for them in every schema on the
 * search path and can trip over another schema being created or dropped at the same moment (the API tests make
 * and drop `test_…` schemas in the same database).
 */
export async function openPostgres(url: string): Promise<BenchDatabase> {
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
    await migrateToLatest(db, { schema });
  } catch (error) {
    await close();
    throw error;
  }
  return { engine: 'postgres', db, close };
}
