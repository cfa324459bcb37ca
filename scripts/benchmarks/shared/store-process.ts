// Starts the real store for npm run bench:http and bench:upgrade in a child process: the shared serve-store.ts (main.ts's start-up:
// configuration from the environment, migrations, owner account, demo catalogue, listen) serving a client built
// into a scratch folder. One plain `node --import tsx` process in a process group of its own, so stopping the group
// stops everything it started and `--cpu-prof` (profile mode) profiles the server itself, not a tsx wrapper.
import path from 'node:path';
import { launchStore, type LaunchedStore } from './launch-store';

const SERVE_STORE = path.resolve(import.meta.dirname, 'serve-store.ts');

export interface StoreOptions {
  projectRoot: string;
  dataDir: string;
  clientDir: string;
  seedDemo: boolean;
  /** The store's log (LOG_LEVEL as configured) goes to this file, as a shop's log goes to its collector. */
  logFile: string;
  logLevel: string;
  /** Profile mode: node --cpu-prof, the profile written into this folder when the store exits. */
  cpuProfileDir?: string;
  /** Set after the inherited variables are dropped: the owner account of decision 0007 (ADMIN_EMAIL, ADMIN_PASSWORD). */
  env?: Record<string, string>;
}

export type StoreProcess = Pick<LaunchedStore, 'origin' | 'pid' | 'stop' | 'kill' | 'isRunning'>;

export function startStore(options: StoreOptions): Promise<StoreProcess> {
  const nodeArgs = ['--import', 'tsx'];
  if (options.cpuProfileDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir);
  return launchStore({
    name: 'The store',
    projectRoot: options.projectRoot,
    nodeArgs,
    script: SERVE_STORE,
    env: {
      DATA_DIR: options.dataDir,
      BENCH_CLIENT_DIR: options.clientDir,
      SEED_DEMO: String(options.seedDemo),
      LOG_LEVEL: options.logLevel,
      // A live shop: React's production build renders the pages. The built-in test provider then needs this.
      ALLOW_TEST_PAYMENTS: 'true',
      ...options.env,
    },
    logFile: options.logFile,
    readyPath: '/api/health',
    startTimeoutMs: 240_000,
    stopTimeoutMs: 15_000,
    intervalMs: 250,
  });
}
