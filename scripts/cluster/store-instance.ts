// One store instance as `npm start` runs it once built: `node dist/server-app/main.js` from the project root,
// NODE_ENV=production, configured only by its environment. Its own process group, so a signal reaches the node
// process itself (main.ts handles SIGTERM) and Ctrl-C at the terminal reaches only the harness, which then stops
// it in order.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { INHERITED_VARIABLES_TO_DROP } from '../benchmarks/shared/store-server';
import { signalGroup, stopGroup } from '../benchmarks/shared/process-group';
import { waitUntilAnswering } from '../benchmarks/shared/wait-until-answering';

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when it exited. */
  at: number;
}

export interface StoreInstance {
  name: string;
  origin: string;
  port: number;
  /** The node process's id (it leads its process group): a print pack's claim names the process that holds it. */
  pid: number;
  /** Its TMPDIR, where its uploads and print packs keep their scratch. */
  tmpDir: string;
  logFile: string;
  exited: Promise<Exit>;
  isRunning(): boolean;
  signal(name: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it is still there after 15 s. */
  stop(): Promise<void>;
  logTail(): string;
}

export async function startStoreInstance(options: {
  name: string;
  projectRoot: string;
  port: number;
  logFile: string;
  env: Record<string, string>;
}): Promise<StoreInstance> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_VARIABLES_TO_DROP) delete env[name];
  delete env.S3_ENDPOINT;
  delete env.STRIPE_API_URL;
  Object.assign(
    env,
    { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(options.port), LOG_LEVEL: 'info' },
    options.env,
  );
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(process.execPath, ['dist/server-app/main.js'], {
    cwd: options.projectRoot,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name}: the process did not start`);
  let running = true;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal, at: performance.now() });
    }),
  );
  const signal = (name: NodeJS.Signals) => signalGroup(pid, name);
  const logTail = () => {
    try {
      return fs.readFileSync(options.logFile, 'utf8').slice(-3_000);
    } catch {
      return '';
    }
  };
  const origin = `http://127.0.0.1:${options.port}`;
  const instance: StoreInstance = {
    name: options.name,
    origin,
    port: options.port,
    pid,
    tmpDir: env.TMPDIR ?? os.tmpdir(),
    logFile: options.logFile,
    exited,
    isRunning: () => running,
    signal,
    async stop() {
      if (running) await stopGroup(pid, exited, STOP_TIMEOUT_MS);
    },
    logTail,
  };

  // Ready, not only healthy: the database, both file stores and mail answer, as the balancer would want.
  await waitUntilAnswering(`${origin}/api/ready`, {
    name: options.name,
    isRunning: () => running,
    output: logTail,
    stop: () => instance.stop(),
    timeoutMs: START_TIMEOUT_MS,
    intervalMs: 200,
  });
  return instance;
}
