// Launches the store in a child process as `npm start` runs it once built (`node dist/server-app/main.js`,
// NODE_ENV=production, configured only by its environment), or another script that opens it the same way
// (serve-store.ts under tsx), and waits until it answers. Its own process group, so a signal reaches the node
// process itself and whatever it started (a print pack's cutting child, tsx's own child), and Ctrl-C at the
// terminal reaches only the caller, which then stops it in order. Used by the benchmarks and test:cluster.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { signalGroup, stopGroup } from './process-group';
import { waitUntilAnswering } from './wait-until-answering';

const BUILT_STORE = 'dist/server-app/main.js';
const OUTPUT_KEPT_CHARS = 8_000;

/** Variables of the caller's shell that would point a scratch store at real services or change its set-up. */
export const INHERITED_VARIABLES_TO_DROP = [
  'DATABASE_URL',
  'PUBLIC_URL',
  'HOST',
  'PORT',
  'DATA_DIR',
  'SEED_DEMO',
  'SMTP_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'NODE_OPTIONS',
  'S3_BUCKET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYMENTS_PROVIDER',
  'VIES_URL',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface StoreExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when it exited. */
  at: number;
}

export interface LaunchStoreOptions {
  /** What the errors call it: "The store", "A". */
  name: string;
  /** Where node runs, and what the script's path is relative to. */
  projectRoot: string;
  /** Node options before the script (`--import tsx`, `--cpu-prof`): the store's own process only. */
  nodeArgs?: string[];
  /** Defaults to the built store. */
  script?: string;
  /** A free one when not given. */
  port?: number;
  /** Its HOST, and the host its origin names. */
  host?: string;
  /** Set after the inherited variables that would point it at real services are dropped, over NODE_ENV=production. */
  env: Record<string, string>;
  /** Inherited variables to drop besides INHERITED_VARIABLES_TO_DROP. */
  alsoDrop?: string[];
  /** Its output is appended to this file, as a shop's log goes to its collector; kept in memory when not given. */
  logFile?: string;
  /** Asked until it answers 2xx: /api/health (it listens) or /api/ready (its database, stores and mail answer). */
  readyPath: '/api/health' | '/api/ready';
  startTimeoutMs: number;
  /** After SIGTERM, how long it has to exit before SIGKILL. */
  stopTimeoutMs: number;
  intervalMs: number;
}

export interface LaunchedStore {
  origin: string;
  port: number;
  /** The node process's id: it leads its process group. */
  pid: number;
  env: NodeJS.ProcessEnv;
  exited: Promise<StoreExit>;
  isRunning: () => boolean;
  signal: (name: NodeJS.Signals) => void;
  /** SIGTERM to the group (the store closes and exits), SIGKILL if it is still there after stopTimeoutMs. */
  stop: () => Promise<void>;
  /** SIGKILL at once: requests still queued in it are dropped. */
  kill: () => Promise<void>;
  /** The end of what it has written. */
  output: () => string;
}

function fileTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(-OUTPUT_KEPT_CHARS);
  } catch {
    return '';
  }
}

export async function launchStore(options: LaunchStoreOptions): Promise<LaunchedStore> {
  const port = options.port ?? (await freePort());
  const host = options.host ?? '127.0.0.1';
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...INHERITED_VARIABLES_TO_DROP, ...(options.alsoDrop ?? [])]) delete env[name];
  Object.assign(env, { NODE_ENV: 'production', HOST: host, PORT: String(port) }, options.env);

  const log = options.logFile ? fs.openSync(options.logFile, 'a') : 'pipe';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script ?? BUILT_STORE], {
    cwd: options.projectRoot,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  if (typeof log === 'number') fs.closeSync(log);
  let kept = '';
  const keep = (chunk: Buffer) => {
    kept = (kept + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const logFile = options.logFile;
  const output = logFile ? () => fileTail(logFile) : () => kept;

  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name}: the process did not start`);
  let running = true;
  const exited = new Promise<StoreExit>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal, at: performance.now() });
    }),
  );
  const store: LaunchedStore = {
    origin: `http://${host}:${port}`,
    port,
    pid,
    env,
    exited,
    isRunning: () => running,
    signal: (name) => signalGroup(pid, name),
    async stop() {
      if (running) await stopGroup(pid, exited, options.stopTimeoutMs);
    },
    async kill() {
      if (!running) return;
      signalGroup(pid, 'SIGKILL');
      await exited;
    },
    output,
  };

  await waitUntilAnswering(`${store.origin}${options.readyPath}`, {
    name: options.name,
    isRunning: () => running,
    output,
    stop: store.stop,
    timeoutMs: options.startTimeoutMs,
    intervalMs: options.intervalMs,
  });
  return store;
}
