// Starts the real store in a child process (serve-store.ts: main.ts's start-up with a chosen client folder) on
// a free port with a scratch DATA_DIR, and stops it again. The demo catalogue is seeded before the server
// listens, so a healthy server already has its artworks.
import path from 'node:path';
import { launchStore } from './launch-store';

export interface StoreServer {
  origin: string;
  stop(): Promise<void>;
}

/** `dataDir` (empty) and `clientDir` (a built client) belong to the caller, who removes them afterwards. */
export async function startStoreServer(
  projectRoot: string,
  dirs: { dataDir: string; clientDir: string },
): Promise<StoreServer> {
  const store = await launchStore({
    name: 'The store',
    projectRoot,
    nodeArgs: ['--import', 'tsx'],
    script: path.join(import.meta.dirname, 'serve-store.ts'),
    host: 'localhost',
    env: {
      DATA_DIR: dirs.dataDir,
      BENCH_CLIENT_DIR: dirs.clientDir,
      LOG_LEVEL: 'warn',
      // A production store refuses the built-in test provider unless told it is a demo: this one takes no payments.
      ALLOW_TEST_PAYMENTS: 'true',
    },
    readyPath: '/api/health',
    startTimeoutMs: 240_000,
    stopTimeoutMs: 10_000,
    intervalMs: 500,
  });
  return { origin: store.origin, stop: store.stop };
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

/** The first set on sale in the seeded catalogue (the demo seeds three). */
export async function firstSetId(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/sets`);
  if (!response.ok) throw new Error(`GET /api/sets answered ${response.status}`);
  const list = (await response.json()) as { items?: Array<{ id?: unknown }> };
  const id = list.items?.[0]?.id;
  if (typeof id !== 'number') throw new Error('No set is on sale: the demo seed made none');
  return id;
}
