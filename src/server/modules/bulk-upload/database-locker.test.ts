import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { DatabaseLocker } from './database-locker';

// tus's lock kept in the database: two lockers (two instances) on one database never hold one upload at once, a
// waiting request asks the holder to let go, and the lock is free again once released.

describe.each(TEST_ENGINES)('the upload lock on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a second instance waiting until the first lets go, which it is asked to do', async () => {
    const first = new DatabaseLocker(t.db).newLock('upload-1');
    const second = new DatabaseLocker(t.db).newLock('upload-1');
    const events: string[] = [];
    await first.lock(new AbortController().signal, async () => {
      events.push('first asked to release');
      await first.unlock();
      events.push('first released');
    });
    const rows = await t.db.selectFrom('upload_locks').selectAll().execute();
    expect(rows.map((row) => row.upload_id)).toEqual(['upload-1']);

    await second.lock(new AbortController().signal, () => undefined);
    events.push('second holds it');
    expect(events).toEqual(['first asked to release', 'first released', 'second holds it']);
    await second.unlock();
    expect(await t.db.selectFrom('upload_locks').selectAll().execute()).toEqual([]);
  });

  it('gives up when the request stops before the holder lets go, and locks other uploads freely', async () => {
    const holder = new DatabaseLocker(t.db).newLock('upload-2');
    await holder.lock(new AbortController().signal, () => undefined);
    const other = new DatabaseLocker(t.db).newLock('upload-3');
    await other.lock(new AbortController().signal, () => undefined);

    const stop = new AbortController();
    setTimeout(() => stop.abort(), 300);
    const waiting = new DatabaseLocker(t.db).newLock('upload-2');
    await expect(waiting.lock(stop.signal, () => undefined)).rejects.toMatchObject({
      body: 'failed to acquire lock before timeout',
    });
    await holder.unlock();
    await other.unlock();
  });
});
