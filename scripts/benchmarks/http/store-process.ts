// Starts the real store for npm run bench:http in a child process: the shared serve-store.ts (main.ts's start-up:
// configuration from the environment, migrations, owner account, demo catalogue, listen) serving a client built
// into a scratch folder. One plain `node --import tsx` process in a process group of its own, so stopping the group
// stops everything it started and `--cpu-prof` (profile mode) profiles the server itself, not a tsx wrapper.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, INHERITED_VARIABLES_TO_DROP } from '../shared/store-server';
import { signalGroup, stopGroup } from '../shared/process-group';
import { waitUntilAnswering } from '../shared/wait-until-answering';

const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;
const SERVE_STORE = path.resolve(import.meta.dirname, '../shared/serve-store.ts');

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

export interface StoreProcess {
  origin: string;
  pid: number;
  /** SIGTERM to the group (the store closes and exits), SIGKILL if it is still there after 15 s. */
  stop(): Promise<void>;
  /** SIGKILL at once: requests still queued in it are dropped. */
  kill(): Promise<void>;
  isRunning(): boolean;
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(-4_000);
  } catch {
    return '';
  }
}

export async function startStore(options: StoreOptions): Promise<StoreProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_VARIABLES_TO_DROP) delete env[name];
  Object.assign(env, {
    DATA_DIR: options.dataDir,
    BENCH_CLIENT_DIR: options.clientDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: String(options.seedDemo),
    LOG_LEVEL: options.logLevel,
    // A live shop: React's production build renders the pages. The built-in test provider then needs this.
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    ...options.env,
  });
  const log = fs.openSync(options.logFile, 'a');
  const nodeArgs = ['--import', 'tsx'];
  if (options.cpuProfileDir) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir);
  const child = spawn(process.execPath, [...nodeArgs, SERVE_STORE], {
    cwd: options.projectRoot,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error('The store process did not start');
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running = false;
      resolve();
    }),
  );

  const stop = async () => {
    if (running) await stopGroup(pid, exited, STOP_TIMEOUT_MS);
  };
  const kill = async () => {
    if (!running) return;
    signalGroup(pid, 'SIGKILL');
    await exited;
  };

  await waitUntilAnswering(`${origin}/api/health`, {
    name: 'The store',
    isRunning: () => running,
    output: () => tail(options.logFile),
    stop: kill,
    timeoutMs: START_TIMEOUT_MS,
    intervalMs: 250,
  });
  return { origin, pid, stop, kill, isRunning: () => running };
}
