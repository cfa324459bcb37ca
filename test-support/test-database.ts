import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../src/server/db/database';
import type { Engine } from '../src/server/db/dialect';
import { migrateToLatest } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/schema';

/** SQLite always; PostgreSQL as well when TEST_DATABASE_URL names a database (CI sets it). */
export const TEST_ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * Each test store's share of PostgreSQL's 100 connections: enough for the races the tests run (two writers and the
 * job runner at once), and given back a second after a test ends rather than when its file does.
 */
const TEST_POOL = { max: 5, idleTimeoutMillis: 1_000 };

const ALREADY_EXISTS = new Set(['23505', '42710']);

/**
 * An empty schema of its own on the test PostgreSQL database, with pg_trgm available, and the connection that made
 * it (to drop it with when done).
 */
export async function freshPostgresSchema(url: string): Promise<{ schema: string; admin: pg.Client }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // Test files run in parallel; two creating the extension at once may collide, which is harmless.
  await admin.query('create extension if not exists pg_trgm with schema public').catch((error: { code?: string }) => {
    if (!ALREADY_EXISTS.has(error.code ?? '')) throw error;
  });
  await admin.query(`create schema ${schema}`);
  return { schema, admin };
}

/**
 * Kysely's migrator first lists every table of the database, other test files' schemas included; one of them being
 * altered or dropped at that moment can fail PostgreSQL's catalog read (42703 "column … does not exist", 42P01
 * "relation … does not exist", XX000 "cache lookup failed"). Nothing of this schema is migrated by then (and on
 * PostgreSQL the migrations run in one transaction), so the migration is tried again, three times at most: a real
 * fault of a migration fails every time.
 */
const CATALOG_RACES = new Set(['42703', '42P01', 'XX000']);

async function migrateFreshSchema(db: Kysely<Database>, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db, { schema });
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 3 || !CATALOG_RACES.has(String(code))) throw error;
    }
  }
}

/** A freshly migrated, empty database: in memory for SQLite, a schema of its own for PostgreSQL. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const db = createDatabase({});
    await migrateToLatest(db);
    return { db, close: () => db.destroy() };
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const { schema, admin } = await freshPostgresSchema(url);
  const db = createDatabase({ databaseUrl: url, postgresSchema: schema, pool: TEST_POOL });
  await migrateFreshSchema(db, schema);
  return {
    db,
    async close() {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}
