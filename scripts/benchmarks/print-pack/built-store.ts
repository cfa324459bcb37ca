// The store as `npm start` runs it once built (`node dist/server-app/main.js`, brought up to date first as
// `npm start` does), on a scratch data folder: SQLite, local files, the demo catalogue seeded at its first start,
// every request logged into a file at LOG_LEVEL=info as in a default installation. Its own process group, so
// stopping it stops the print pack's cutting child too, and a TMPDIR of its own inside the data folder.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stopGroup } from '../shared/process-group';
import { freePort, INHERITED_VARIABLES_TO_DROP } from '../shared/store-server';
import { waitUntilAnswering } from '../shared/wait-until-answering';

const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;

export interface BuiltStore {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

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
  const origin = `http://127.0.0.1:${port}`;
  const tmpDir = path.join(options.dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_VARIABLES_TO_DROP) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: options.dataDir,
    TMPDIR: tmpDir,
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: options.owner.email,
    ADMIN_PASSWORD: options.owner.password,
    // A production store refuses the built-in test provider unless told it is a demo: this one takes no payments.
    ALLOW_TEST_PAYMENTS: 'true',
    ...options.env,
  });
  const logFile = path.join(options.dataDir, 'store.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server-app/main.js'], {
    cwd: options.projectRoot,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error('The store did not start');
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
  await waitUntilAnswering(`${origin}/api/ready`, {
    name: 'The store',
    isRunning: () => running,
    output: () => fs.readFileSync(logFile, 'utf8').slice(-3_000),
    stop,
    timeoutMs: START_TIMEOUT_MS,
    intervalMs: 250,
  });
  return { origin, pid, stop };
}
