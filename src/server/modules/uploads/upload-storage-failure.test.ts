import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FailingStorage } from '#test-support/failing-storage.ts';
import { masterPng } from '#test-support/master-image.ts';
import { multipart, type Part } from '#test-support/multipart.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { PUBLIC_FILES_PATH } from '../../http/static-files';
import { LocalStorage } from '../../providers/storage/local-storage';

// When the file storage stops, uploads answer 503 with a clear message, browsing keeps working, and nothing
// half-written remains. The real app and route, on files on disk behind a storage that stops half-way.

/** A 40×50 PNG: stored as its original and one WebP rendition (its own width), so two puts per file. */
const png = () =>
  sharp({ create: { width: 40, height: 50, channels: 3, background: '#b4532a' } })
    .png()
    .toBuffer();

/** Every file under `root`, relative to it. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe.each(TEST_ENGINES)('an upload whose storage fails half-way, on %s', (engine) => {
  let database: TestDatabase;
  let image: Buffer;
  let opened: { app: FastifyInstance; dataDir: string } | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    image = await png();
  });
  afterEach(async () => {
    await opened?.app.close();
    if (opened) fs.rmSync(opened.dataDir, { recursive: true, force: true });
    opened = undefined;
    await database.db.deleteFrom('stored_file_cleanup').execute();
    await database.db.deleteFrom('sessions').execute();
    await database.db.deleteFrom('users').execute();
  });
  afterAll(() => database.close());

  /** The app with both stores behind FailingStorage; its clean-up worker polls every 20 ms. */
  async function store() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-failure-'));
    const publicStore = new FailingStorage(
      new LocalStorage(path.join(dataDir, 'files'), { publicPath: PUBLIC_FILES_PATH }),
    );
    const privateStore = new FailingStorage(new LocalStorage(path.join(dataDir, 'private')));
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
      db: database.db,
      storages: { publicStore, privateStore },
      storedFileCleanup: { pollMs: 20, retryDelaysMs: [20] },
      clientDir: path.join(dataDir, 'no-client'),
      logger: false,
    });
    opened = { app, dataDir };
    const cookie = await signedInCookie(app, database.db, 'owner@example.com', 'admin');
    const upload = (kind: string, files: Part[]) => {
      const body = multipart(files);
      return app.inject({
        method: 'POST',
        url: `/api/uploads?kind=${kind}`,
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };
    const stored = () => [...filesUnder(path.join(dataDir, 'files')), ...filesUnder(path.join(dataDir, 'private'))];
    const listed = async () =>
      (await database.db.selectFrom('stored_file_cleanup').select(['store', 'key']).orderBy('key').execute()).map(
        (row) => `${row.store}:${row.key}`,
      );
    const uploadRows = () => database.db.selectFrom('uploads').select('key').execute();
    return { app, publicStore, privateStore, upload, stored, listed, uploadRows };
  }

  it('answers 503 naming the file storage, records nothing, and deletes what it had put (storage stops after the original)', async () => {
    const s = await store();
    s.publicStore.failPutsAfter(1);
    const response = await s.upload('preview', [{ name: 'a.png', content: image }]);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ error: expect.stringContaining('cannot reach its file storage') });
    // The original was put, the rendition was not: the original is gone again, and nothing is recorded or listed.
    expect(s.publicStore.putKeys).toHaveLength(2);
    expect(s.stored()).toEqual([]);
    expect(await s.uploadRows()).toEqual([]);
    expect(await s.listed()).toEqual([]);
    // Browsing does not need the file storage.
    expect((await s.app.inject({ method: 'GET', url: '/api/artworks' })).statusCode).toBe(200);
  });

  it('lists what it could not delete while the storage stays down, and the worker deletes it once the storage is back', async () => {
    const s = await store();
    s.publicStore.failPutsAfter(1);
    s.publicStore.failDeletes();
    const response = await s.upload('preview', [{ name: 'a.png', content: image }]);
    expect(response.statusCode, response.body).toBe(503);
    expect(await s.uploadRows()).toEqual([]);
    // Both keys are listed: the one put, and the one whose put failed (a put that fails may still have written).
    const [original, rendition] = s.publicStore.putKeys;
    expect(s.stored()).toEqual([original]);
    expect(await s.listed()).toEqual([`public:${original}`, `public:${rendition}`].sort());

    // The worker keeps trying while the storage is down, and notes why it failed.
    await expect
      .poll(async () =>
        (await database.db.selectFrom('stored_file_cleanup').select(['attempts', 'last_error']).execute()).every(
          (row) => row.attempts >= 2,
        ),
      )
      .toBe(true);
    const rows = await database.db.selectFrom('stored_file_cleanup').select('last_error').execute();
    expect(rows.map((row) => row.last_error)).toEqual([
      expect.stringContaining('ECONNREFUSED'),
      expect.stringContaining('ECONNREFUSED'),
    ]);
    expect(s.stored()).toEqual([original]);

    // Back: the file is deleted (and the key never written counts as deleted), and the list is empty.
    s.publicStore.heal();
    await expect.poll(() => s.listed()).toEqual([]);
    expect(s.stored()).toEqual([]);
  });

  it('lists a private file under the private store, and deleting one that was never written counts as done', async () => {
    const s = await store();
    s.privateStore.failPutsAfter(0);
    s.privateStore.failDeletes();
    const response = await s.upload('private', [{ name: 'full.png', content: await masterPng() }]);
    expect(response.statusCode, response.body).toBe(503);
    expect(await s.uploadRows()).toEqual([]);
    expect(await s.listed()).toEqual([`private:${s.privateStore.putKeys[0]}`]);
    expect(s.publicStore.putKeys).toEqual([]);
    s.privateStore.heal();
    await expect.poll(() => s.listed()).toEqual([]);
    expect(s.stored()).toEqual([]);
  });

  it('leaves nothing of the first file of a request when the second file cannot be stored', async () => {
    const s = await store();
    // The first file's two objects go in; the second file's first put fails.
    s.publicStore.failPutsAfter(2);
    const response = await s.upload('media', [
      { name: 'one.png', content: image },
      { name: 'two.png', content: image },
    ]);
    expect(response.statusCode, response.body).toBe(503);
    expect(s.publicStore.putKeys).toHaveLength(3);
    expect(s.publicStore.putKeys[0]).toMatch(/^media\/.+\.png$/);
    expect(s.stored()).toEqual([]);
    expect(await s.uploadRows()).toEqual([]);
    expect(await s.listed()).toEqual([]);

    // And once the storage is back, the same request stores and records both.
    s.publicStore.heal();
    const again = await s.upload('media', [
      { name: 'one.png', content: image },
      { name: 'two.png', content: image },
    ]);
    expect(again.statusCode, again.body).toBe(201);
    expect((await s.uploadRows()).map((row) => row.key).sort()).toEqual(
      again
        .json()
        .files.map((file: { path: string }) => file.path)
        .sort(),
    );
    expect(s.stored()).toHaveLength(4);
    await database.db.deleteFrom('uploads').execute();
  });
});
