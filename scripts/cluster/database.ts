// A fresh PostgreSQL schema per run on the local cluster, so the run starts from an empty store and leaves the
// database as it found it. The role owns the database but is no superuser: it can create a schema, and pg_trgm
// (a trusted extension) in public, where the store's first migration expects it.
//
// The harness applies the migrations itself, naming the schema, before any instance starts. main.ts cannot be told
// a schema (only DATABASE_URL's search_path places it), and Kysely's Migrator, told none, looks for its bookkeeping
// tables in every schema it can see: while the test suite's schemas exist in the same database it takes theirs
// for its own, skips making them, and the instance dies on `relation "kysely_migration_lock" does not exist`.
// Migrated here, the instances' own migration run finds the tables on their search path and nothing left to do.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';

const ALREADY_EXISTS = new Set(['23505', '42710']);

export interface ClusterDatabase {
  /** The base URL with the schema first on the search path (libpq's `options`), as every instance gets it. */
  url: string;
  schema: string;
  drop(): Promise<void>;
}

export async function createClusterDatabase(baseUrl: string): Promise<ClusterDatabase> {
  const schema = `cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('create extension if not exists pg_trgm with schema public').catch((error: { code?: string }) => {
      if (!ALREADY_EXISTS.has(error.code ?? '')) throw error;
    });
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const db = createDatabase({ databaseUrl: baseUrl, postgresSchema: schema });
  try {
    await migrateToLatest(db, { schema });
  } finally {
    await db.destroy();
  }
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    url: url.toString(),
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/** One connection to the cluster's database for a scenario's check, closed whatever the work does. */
export async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
