import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Engine } from '../src/server/db/dialect';
import { LocalStorage } from '../src/server/providers/storage/local-storage';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  dataDir: string;
}

/** The real app on a fresh database and a temporary data folder; API tests drive it with app.inject. */
export async function createTestApp(engine: Engine, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  const database = await createTestDatabase(engine);
  const storage = new LocalStorage(path.join(dataDir, 'files'));
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    localStorage: storage,
    clientDir: path.join(dataDir, 'no-client'),
    logger: false,
  });
  return {
    app,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
