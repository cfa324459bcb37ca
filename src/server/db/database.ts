import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { withStatementCache } from './sqlite-statement-cache';

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; without it the store uses SQLite. */
  databaseUrl?: string;
  /** Where the SQLite file lives (ignored for PostgreSQL). */
  sqliteFile?: string;
  /** PostgreSQL only: tables live in this schema (tests give each file its own). */
  postgresSchema?: string;
  /**
   * PostgreSQL only: at most this many connections, each closed after this long idle. Tests lower both: a test file
   * keeps a dozen stores open at once, and two files running side by side must stay under the server's
   * max_connections (100 by default), which the store's 10 each reached.
   */
  pool?: { max: number; idleTimeoutMillis: number };
}

export function createDatabase(options: DatabaseOptions): Kysely<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pool?.max ?? 10,
      idleTimeoutMillis: options.pool?.idleTimeoutMillis ?? 10_000,
      // While the database is down a request fails within this (a 503, http/unavailable-part.ts) instead of
      // waiting for ever for a connection.
      connectionTimeoutMillis: 3_000,
      options: options.postgresSchema ? `-c search_path=${options.postgresSchema},public` : undefined,
    });
    // An idle connection the server drops (a restart) is reported here; without a listener the process would
    // crash. The pool replaces it on the next query, so the store recovers by itself once the database is back.
    pool.on('error', () => {});
    // The same for a connection in use: pg-pool listens only while a client is idle, and Kysely never does, so a
    // server that ends a connection checked out between two statements (a transaction, during a restart) emitted
    // 'error' with nobody listening and killed the process (test:cluster). The statement that uses it fails
    // anyway, and the next query gets a working connection (database.test.ts).
    pool.on('connect', (client) => client.on('error', () => {}));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }

  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while a write is in progress; NORMAL sync is safe with WAL and much faster.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}
