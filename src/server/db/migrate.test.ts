import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';
import { freshPostgresSchema } from '#test-support/test-database.ts';

// Several instances start at once (a deploy, a restart of the whole pool): each runs the migrations at start, on
// its own connection. Every migration must run exactly once, and every instance must start.
async function migrateTwiceAtOnce(one: Kysely<Database>, two: Kysely<Database>, options: { schema?: string } = {}) {
  const [first, second] = await Promise.all([migrateToLatest(one, options), migrateToLatest(two, options)]);
  const rows = await one
    .withSchema(options.schema ?? 'main')
    .selectFrom('kysely_migration' as never)
    .select(sql<string>`name`.as('name'))
    .execute();
  return { applied: [...first, ...second], recorded: rows.map((row) => row.name) };
}

describe('migrations from two connections at once', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('on one SQLite file from two better-sqlite3 connections: both succeed, each migration applied once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-race-'));
    const file = path.join(dir, 'store.sqlite');
    const one = createDatabase({ sqliteFile: file });
    const two = createDatabase({ sqliteFile: file });
    cleanups.push(async () => {
      await one.destroy();
      await two.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const { applied, recorded } = await migrateTwiceAtOnce(one, two);
    expect(applied.length).toBeGreaterThan(0);
    expect([...applied].sort()).toEqual([...new Set(applied)].sort());
    expect([...recorded].sort()).toEqual([...applied].sort());
    // And a later start finds nothing left to do.
    expect(await migrateToLatest(two)).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on a fresh PostgreSQL schema from two pools: both succeed, each migration applied once',
    async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const { schema, admin } = await freshPostgresSchema(url);
      const one = createDatabase({ databaseUrl: url, postgresSchema: schema });
      const two = createDatabase({ databaseUrl: url, postgresSchema: schema });
      cleanups.push(async () => {
        await one.destroy();
        await two.destroy();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      });
      const { applied, recorded } = await migrateTwiceAtOnce(one, two, { schema });
      expect(applied.length).toBeGreaterThan(0);
      expect([...applied].sort()).toEqual([...new Set(applied)].sort());
      expect([...recorded].sort()).toEqual([...applied].sort());
      expect(await migrateToLatest(two, { schema })).toEqual([]);
    },
  );
});
