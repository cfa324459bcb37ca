import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FailingStorage } from '#test-support/failing-storage.ts';
import { createDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { migrateToLatest } from '../../db/migrate';
import { PUBLIC_FILES_PATH } from '../../http/static-files';
import { LocalStorage } from '../../providers/storage/local-storage';
import { storeUploads } from './service';

// What storeUploads does when storing fails half-way, seen from its caller: the error it rethrows is the
// very one that made it fail, whatever its clean-up meets, and nothing it put is left unaccounted for.

const logger = () => ({ warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn() });
const asLog = (log: ReturnType<typeof logger>) => log as unknown as FastifyBaseLogger;

/** One file part, as @fastify/multipart hands it over. */
async function* partsOf(bytes: Buffer) {
  yield { filename: 'a.png', file: Readable.from([bytes]), toBuffer: async () => bytes };
}

describe('storeUploads when storing fails', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-uploads-'));
  let image: Buffer;
  beforeAll(async () => {
    image = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#2a53b4' } })
      .png()
      .toBuffer();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function stores(name: string) {
    const publicStore = new FailingStorage(
      new LocalStorage(path.join(dir, name, 'files'), { publicPath: PUBLIC_FILES_PATH }),
    );
    const privateStore = new FailingStorage(new LocalStorage(path.join(dir, name, 'private')));
    const files = () =>
      fs.existsSync(path.join(dir, name))
        ? fs.readdirSync(path.join(dir, name), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        : [];
    /** Stores the test picture as a preview through these stores, as the upload route does. */
    const upload = (db: Kysely<Database>, log: ReturnType<typeof logger>) =>
      storeUploads({ db, publicStore, privateStore, log: asLog(log) }, 'preview', partsOf(image));
    return { publicStore, privateStore, files, upload };
  }

  it('rethrows the storage’s own error', async () => {
    const db = createDatabase({});
    await migrateToLatest(db);
    const s = stores('storage');
    s.publicStore.failPutsAfter(1);
    const log = logger();
    const error = await s.upload(db, log).catch((e: unknown) => e);
    expect(s.publicStore.putErrors).toHaveLength(1);
    expect(error).toBe(s.publicStore.putErrors[0]);
    expect(s.files()).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
    await db.destroy();
  });

  it('takes back every object when the database refuses the record, and rethrows the database’s error', async () => {
    const db = createDatabase({});
    await migrateToLatest(db);
    await db.destroy();
    const s = stores('database');
    const log = logger();
    const failure = s.upload(db, log);
    await expect(failure).rejects.toThrow(/destroyed/);
    expect(s.publicStore.putKeys).toHaveLength(2);
    expect(s.files()).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('with the storage and the database both down, logs the keys it could not take back and still rethrows the first error', async () => {
    const db = createDatabase({});
    await migrateToLatest(db);
    await db.destroy();
    const s = stores('both');
    s.publicStore.failDeletes();
    const log = logger();
    const error = await s.upload(db, log).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(log.error).toHaveBeenCalledOnce();
    const [fields] = log.error.mock.calls[0] as [{ err: unknown; objects: unknown }];
    // The clean-up's own failure is logged, not thrown: the caller still gets the insert's error.
    expect(fields.err).not.toBe(error);
    expect(fields.objects).toEqual(s.publicStore.putKeys.map((key) => ({ store: 'public', key })));
  });
});
