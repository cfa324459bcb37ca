import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FailingStorage } from '#test-support/failing-storage.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { LocalStorage } from '../../providers/storage/local-storage';
import { CLEANUP_RETRY_DELAYS_MS, StoredFileCleanup } from './stored-file-cleanup';
import { scheduleCleanup } from './stored-file-cleanup-repository';

// The worker that deletes what failed uploads could not take back at once: retries with growing waits while the
// storage is down, deletes each file and its row once it is back, and lives through a database that does not answer.

const logger = () => ({ warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() });
const asLog = (log: ReturnType<typeof logger>) => log as unknown as FastifyBaseLogger;

describe.each(TEST_ENGINES)('stored file clean-up on %s', (engine) => {
  let database: TestDatabase;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-file-cleanup-'));
  const publicStore = new FailingStorage(new LocalStorage(path.join(dir, 'files')));
  const privateStore = new FailingStorage(new LocalStorage(path.join(dir, 'private')));
  const rows = () => database.db.selectFrom('stored_file_cleanup').selectAll().orderBy('key').execute();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    publicStore.heal();
    privateStore.heal();
    await database.db.deleteFrom('stored_file_cleanup').execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('retries after 5 s, then 30 s, while the storage is down, then deletes the file and its row', async () => {
    await publicStore.inner.put('previews/left.png', Buffer.from('x'));
    await privateStore.inner.put('originals/left.tif', Buffer.from('y'));
    await scheduleCleanup(
      database.db,
      [
        { store: 'public', key: 'previews/left.png' },
        { store: 'private', key: 'originals/left.tif' },
      ],
      new Date(),
    );
    publicStore.failDeletes();
    privateStore.failDeletes();
    const log = logger();
    const cleanup = new StoredFileCleanup(database.db, { publicStore, privateStore }, asLog(log));

    const before = Date.now();
    await cleanup.pass();
    for (const row of await rows()) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toContain('ECONNREFUSED');
      expect(new Date(row.next_attempt_at).getTime() - before).toBeGreaterThanOrEqual(CLEANUP_RETRY_DELAYS_MS[0]!);
      expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeLessThanOrEqual(CLEANUP_RETRY_DELAYS_MS[0]!);
    }
    expect(log.warn).toHaveBeenCalledTimes(2);

    // Not due yet: left alone.
    await cleanup.pass();
    expect((await rows()).map((row) => row.attempts)).toEqual([1, 1]);

    await database.db
      .updateTable('stored_file_cleanup')
      .set({ next_attempt_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    const second = Date.now();
    await cleanup.pass();
    for (const row of await rows()) {
      expect(row.attempts).toBe(2);
      expect(new Date(row.next_attempt_at).getTime() - second).toBeGreaterThanOrEqual(CLEANUP_RETRY_DELAYS_MS[1]!);
    }

    publicStore.heal();
    privateStore.heal();
    await database.db
      .updateTable('stored_file_cleanup')
      .set({ next_attempt_at: new Date(Date.now() - 1).toISOString() })
      .execute();
    await cleanup.pass();
    expect(await rows()).toEqual([]);
    expect(await publicStore.inner.exists('previews/left.png')).toBe(false);
    expect(await privateStore.inner.exists('originals/left.tif')).toBe(false);
  });

  it('deletes more than one batch in a pass, and counts a key already gone as deleted', async () => {
    const keys = Array.from({ length: 45 }, (_, i) => ({ store: 'public' as const, key: `media/gone-${i}.png` }));
    await scheduleCleanup(database.db, keys, new Date());
    // Listing a key again changes nothing.
    await scheduleCleanup(database.db, keys.slice(0, 3), new Date());
    expect(await rows()).toHaveLength(45);
    await new StoredFileCleanup(database.db, { publicStore, privateStore }, asLog(logger())).pass();
    expect(await rows()).toEqual([]);
  });

  it('logs a database that does not answer, never throws, and keeps polling until it does', async () => {
    await scheduleCleanup(database.db, [{ store: 'public', key: 'previews/after-restart.png' }], new Date());
    await publicStore.inner.put('previews/after-restart.png', Buffer.from('x'));
    // The table out of reach: every query of the worker fails, as while the database restarts.
    await sql`alter table stored_file_cleanup rename to stored_file_cleanup_away`.execute(database.db);
    const log = logger();
    const cleanup = new StoredFileCleanup(database.db, { publicStore, privateStore }, asLog(log), { pollMs: 20 });
    const worker = cleanup.start();
    try {
      await expect.poll(() => log.warn.mock.calls.length).toBeGreaterThan(2);
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        expect.stringContaining('stored file clean-up failed'),
      );
    } finally {
      await sql`alter table stored_file_cleanup_away rename to stored_file_cleanup`.execute(database.db);
    }
    await expect.poll(async () => (await rows()).length).toBe(0);
    await worker.stop();
    expect(await publicStore.inner.exists('previews/after-restart.png')).toBe(false);
  });
});
