import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache';

describe('SQLite statement cache', () => {
  let sqlite: SQLite.Database;
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  /** better-sqlite3 with its prepare counted, wrapped by the cache. */
  function countingDatabase(size?: number) {
    sqlite = new SQLite(':memory:');
    const prepared: string[] = [];
    const target = {
      prepare: (text: string) => {
        prepared.push(text);
        return sqlite.prepare(text);
      },
      close: () => sqlite.close(),
    };
    return { database: withStatementCache(target, size), prepared };
  }

  it('prepares each SQL text once and hands the same statement back', () => {
    const { database, prepared } = countingDatabase();
    const first = database.prepare('select 1 as one');
    expect(database.prepare('select 1 as one')).toBe(first);
    expect(database.prepare('select 2 as two')).not.toBe(first);
    expect(prepared).toEqual(['select 1 as one', 'select 2 as two']);
  });

  it('keeps at most its size, forgetting the least recently used text', () => {
    const { database, prepared } = countingDatabase(2);
    database.prepare('select 1');
    database.prepare('select 2');
    database.prepare('select 1');
    database.prepare('select 3');
    database.prepare('select 1');
    database.prepare('select 2');
    expect(prepared).toEqual(['select 1', 'select 2', 'select 3', 'select 2']);
  });

  it('gives a fresh statement while the cached one is still being read', () => {
    const { database } = countingDatabase();
    const statement = database.prepare('select 1 as n union all select 2');
    const rows = statement.iterate([]);
    rows.next();
    const other = database.prepare('select 1 as n union all select 2');
    expect(other).not.toBe(statement);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
  });

  it('serves Kysely: reads, writes, parameters, schema changes and transactions come out as without it', async () => {
    const { database, prepared } = countingDatabase();
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database }) });
    await sql`create table t (id integer primary key, name text not null)`.execute(db);
    for (const name of ['a', 'b', 'c']) await db.insertInto('t').values({ name }).execute();
    expect(await db.selectFrom('t').select('name').where('id', '>', 1).execute()).toEqual([
      { name: 'b' },
      { name: 'c' },
    ]);
    expect(await db.selectFrom('t').select('name').where('id', '>', 2).execute()).toEqual([{ name: 'c' }]);
    // A column added after the select was prepared: SQLite prepares the statement again by itself.
    await sql`alter table t add column extra integer not null default 5`.execute(db);
    expect(await db.selectFrom('t').selectAll().where('id', '>', 2).execute()).toEqual([
      { id: 3, name: 'c', extra: 5 },
    ]);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ name: 'd' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.transaction().execute((trx) => trx.insertInto('t').values({ name: 'e' }).execute());
    expect((await db.selectFrom('t').select('name').execute()).map((r) => r.name)).toEqual(['a', 'b', 'c', 'e']);
    expect(prepared.filter((text) => text.startsWith('insert into'))).toHaveLength(1);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
