import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { TestApp } from './test-app';

/**
 * The store started again over a test app's database and data folder with other settings, as after its owner
 * changed them (STORE_CURRENCY, say) and restarted it. Sessions live in the database, so the cookies signed in on
 * the first app still hold. The caller closes it before the test app.
 */
export async function restartedApp(t: TestApp, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  return buildApp({ config, db: t.db, clientDir: path.join(t.dataDir, 'no-client'), logger: false });
}
