import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** What the cache needs of better-sqlite3's database: Kysely's interface, and `busy` on its statements. */
interface CachingTarget {
  close(): void;
  prepare(sql: string): SqliteStatement & { readonly busy?: boolean };
}

/**
 * The SQL texts whose statements are kept. The store's queries come from a fixed set of builders, but a list
 * of ids (`in (?, ?, …)`) makes one text per length, so the cache is bounded and forgets the least used first.
 */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely's SQLite driver prepares every query again on each call (parsing and planning it: a good part of a
 * short query's time). This hands it a database whose `prepare` returns the statement already prepared for the
 * same SQL text. Sharing one is safe: Kysely runs one query at a time on SQLite's single connection, and
 * SQLite prepares a statement again by itself when the schema changes under it. A statement still being read
 * (a stream inside a transaction that runs the same query meanwhile) is left alone: that call gets a fresh one.
 */
export function withStatementCache(database: CachingTarget, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement & { readonly busy?: boolean }>();
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        if (cached.busy) return database.prepare(sql);
        // Map keeps insertion order: moving a hit to the end makes the first key the least recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value as string);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
