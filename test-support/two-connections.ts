import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../src/server/db/database';
import type { Engine } from '../src/server/db/dialect';
import { migrateToLatest } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/schema';

/**
 * Two connections (two pools, as two processes would have) to one freshly migrated database; `cleanups` gets
 * what closes them.
 */
export async function twoConnections(
  engine: Engine,
  cleanups: Array<() => Promise<void>>,
): Promise<[Kysely<Database>, Kysely<Database>]> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-connections-db-'));
    const [one, two] = [
      createDatabase({ sqliteFile: path.join(dir, 'store.sqlite') }),
      createDatabase({ sqliteFile: path.join(dir, 'store.sqlite') }),
    ];
    await migrateToLatest(one);
    cleanups.push(async () => {
      await one.destroy();
      await two.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    return [one, two];
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const [one, two] = [
    createDatabase({ databaseUrl: url, postgresSchema: schema }),
    createDatabase({ databaseUrl: url, postgresSchema: schema }),
  ];
  await migrateToLatest(one, { schema });
  cleanups.push(async () => {
    await one.destroy();
    await two.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });
  return [one, two];
}
