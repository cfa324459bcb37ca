import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database';

const url = process.env.TEST_DATABASE_URL;

// When PostgreSQL restarts: test:cluster once saw an instance die of an unhandled 'error' event ("Connection
// terminated unexpectedly") when the server went down under a query. pg emits 'error' on a client that is checked
// out of the pool, and neither pg-pool (it listens only while the client is idle) nor Kysely listens then.
describe.skipIf(!url)('the PostgreSQL pool when the server cuts a connection', () => {
  it('fails the transaction whose connection was cut, keeps the process alive, and serves the next query', async () => {
    const db = createDatabase({ databaseUrl: url });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // A connection checked out between two statements, as in any transaction, when the server ends it.
      const transaction = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      const next = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(next.rows[0]?.one).toBe(1);
    } finally {
      await admin.end();
      await db.destroy();
    }
  });
});
