// The store as `npm start` runs it once built (`node dist/server-app/main.js`, brought up to date first as
// `npm start` does), on a scratch data folder: SQLite, local files, the demo catalogue seeded at its first start,
// every request logged into a file at LOG_LEVEL=info as in a default installation. Its own process group, so
// stopping it stops the print pack's cutting child too, and a TMPDIR of its own inside the data folder.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, launchStore, type LaunchedStore } from '../shared/launch-store';

export type BuiltStore = Pick<LaunchedStore, 'origin' | 'pid' | 'stop'>;

export async function startBuiltStore(options: {
  projectRoot: string;
  dataDir: string;
  owner: { email: string; password: string };
  /** Node options before the script (`--import` of a probe): the store's own process only, not its children. */
  nodeArgs?: string[];
  env?: Record<string, string>;
}): Promise<BuiltStore> {
  execFileSync('node', ['scripts/build/build-if-stale.js'], { cwd: options.projectRoot, stdio: 'inherit' });
  const port = await freePort();
  const tmpDir = path.join(options.dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  return launchStore({
    name: 'The store',
    projectRoot: options.projectRoot,
    nodeArgs: options.nodeArgs,
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: options.dataDir,
      TMPDIR: tmpDir,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: options.owner.email,
      ADMIN_PASSWORD: options.owner.password,
      // A production store refuses the built-in test provider unless told it is a demo: this one takes no payments.
      ALLOW_TEST_PAYMENTS: 'true',
      ...options.env,
    },
    logFile: path.join(options.dataDir, 'store.log'),
    readyPath: '/api/ready',
    startTimeoutMs: 240_000,
    stopTimeoutMs: 15_000,
    intervalMs: 250,
  });
}
