import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, createAppStorages, type AppDependencies } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import type { Engine } from '../src/server/db/dialect';
import type { Storages } from '../src/server/providers/storage/create-storage';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
}

/** The real app on a fresh database and a temporary data folder; API tests drive it with app.inject. */
export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  deps: Pick<AppDependencies, 'printPacks' | 'pictureFactsBackfill' | 'broadcasts'> & {
    /** Wraps the storages the configuration names (withDemoPrints: the demo's masters drawn on demand). */
    wrapStorages?: (storages: Storages) => Storages;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  const database = await createTestDatabase(engine);
  const { wrapStorages, ...appDeps } = deps;
  const app = await buildApp({
    config,
    db: database.db,
    clientDir: path.join(dataDir, 'no-client'),
    logger: false,
    ...(wrapStorages ? { storages: wrapStorages(createAppStorages(config, database.db)) } : {}),
    ...appDeps,
  });
  return {
    app,
    config,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
