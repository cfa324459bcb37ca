// Starts the real store in a child process (serve-store.ts: main.ts's start-up with a chosen client folder) on
// a free port with a scratch DATA_DIR, and stops it again. The demo catalogue is seeded before the server
// listens, so a healthy server already has its artworks.
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { waitUntilAnswering } from './wait-until-answering';

const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 10_000;

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
];

export interface StoreServer {
  origin: string;
  stop(): Promise<void>;
}

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

/** `dataDir` (empty) and `clientDir` (a built client) belong to the caller, who removes them afterwards. */
export async function startStoreServer(
  projectRoot: string,
  dirs: { dataDir: string; clientDir: string },
): Promise<StoreServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_VARIABLES_TO_DROP) delete env[name];
  Object.assign(env, {
    DATA_DIR: dirs.dataDir,
    BENCH_CLIENT_DIR: dirs.clientDir,
    PORT: String(port),
    HOST: 'localhost',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // A production store refuses the built-in test provider unless told it is a demo: this one takes no payments.
    ALLOW_TEST_PAYMENTS: 'true',
  });

  // Its own process group, so stopping it also stops the node process that tsx starts under it.
  const child = spawn(
    path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
    [path.join(import.meta.dirname, 'serve-store.ts')],
    {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const stop = async () => {
    if (running && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
      if (!stopped) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
        await exited;
      }
    }
  };

  await waitUntilAnswering(`${origin}/api/health`, {
    name: 'The store',
    isRunning: () => running,
    output: () => output,
    stop,
    timeoutMs: START_TIMEOUT_MS,
    intervalMs: 500,
  });
  return { origin, stop };
}

/** The id of one artwork of the demo catalogue, for the artwork page. */
export async function firstArtworkId(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/artworks?limit=1`);
  if (!response.ok) throw new Error(`GET /api/artworks answered ${response.status}`);
  const page = (await response.json()) as { items?: Array<{ id?: unknown }> };
  const id = page.items?.[0]?.id;
  if (typeof id !== 'number') throw new Error('The catalogue is empty: the demo seed did not run');
  return id;
}
