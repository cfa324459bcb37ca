import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { DEFAULT_CLIENT_DIR } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openStore } from '../../src/server/open-store';

export const E2E_OWNER = { email: 'owner@e2e.test', password: 'owner e2e password' };

/**
 * The real server, as `npm start` runs it, on a free loopback port and on the data folder given, as it is: an empty
 * folder gets the demo catalogue seeded and its pictures' background work started. `env` adds settings.
 */
export async function startStoreAt(dataDir: string, env: Record<string, string> = {}) {
  if (!fs.existsSync(path.join(DEFAULT_CLIENT_DIR, 'index.html'))) {
    throw new Error('The client is not built: run `npm run build` first (npm test does).');
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ADMIN_EMAIL: E2E_OWNER.email,
    ADMIN_PASSWORD: E2E_OWNER.password,
    // Every browser test signs in from 127.0.0.1, the owner in several files: at the default 10 a minute a fast
    // run was refused sign-ins (429) and timed out. The limits themselves are tested in the API tests.
    ATTEMPTS_PER_MINUTE: '1000',
    // Likewise the cart's quotes with a code or a VAT number, which every discount and tax test asks again and again.
    QUOTE_CODE_RATE_LIMIT: '1000',
    // The catalogue import's pictures come from the tests' https server on this machine (test-support/picture-server.ts).
    IMPORT_FETCH_ALLOW_HOSTS: 'localhost',
    // A scheduled artwork goes live within half a second of its time, so its test waits seconds, not the default 5.
    RELEASE_POLL_MS: '500',
    ...env,
  });
  const { app, db, close } = await openStore(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port');
  return { url: `http://127.0.0.1:${address.port}`, db, close };
}

/**
 * A store of a browser test file's own on `dataDir`: an empty folder first gets a copy of the demo store that the
 * global set-up seeded and let settle (global-setup.ts), so every file starts from the same demo catalogue, its
 * mockups and palettes made, without drawing them again. A folder that holds a store already is opened as it is.
 */
export async function startTestServer(dataDir: string, env: Record<string, string> = {}) {
  if (!fs.existsSync(path.join(dataDir, 'store.sqlite')))
    fs.cpSync(inject('demoTemplate'), dataDir, { recursive: true });
  return startStoreAt(dataDir, env);
}

/** A demo store for this test file alone, in a data folder of its own, closed and removed after its tests. */
export async function storeOfThisFile(env: Record<string, string> = {}): Promise<{ baseUrl: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  const server = await startTestServer(dataDir, env);
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { baseUrl: server.url, dataDir };
}
