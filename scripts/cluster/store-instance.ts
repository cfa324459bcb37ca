// One store instance as `npm start` runs it once built: `node dist/server-app/main.js` from the project root,
// NODE_ENV=production, configured only by its environment. Its own process group, so a signal reaches the node
// process itself (main.ts handles SIGTERM) and Ctrl-C at the terminal reaches only the harness, which then stops
// it in order.
import os from 'node:os';
import { launchStore, type LaunchedStore, type StoreExit } from '../benchmarks/shared/launch-store';

export type Exit = StoreExit;

export interface StoreInstance extends Pick<
  LaunchedStore,
  'origin' | 'port' | 'pid' | 'exited' | 'isRunning' | 'signal'
> {
  name: string;
  /** Its TMPDIR, where its uploads and print packs keep their scratch. */
  tmpDir: string;
  logFile: string;
  /** SIGTERM, then SIGKILL if it is still there after 15 s. */
  stop: () => Promise<void>;
  logTail: () => string;
}

export async function startStoreInstance(options: {
  name: string;
  projectRoot: string;
  port: number;
  logFile: string;
  env: Record<string, string>;
}): Promise<StoreInstance> {
  // Ready, not only healthy: the database, both file stores and mail answer, as the balancer would want.
  const store = await launchStore({
    name: options.name,
    projectRoot: options.projectRoot,
    port: options.port,
    env: { LOG_LEVEL: 'info', ...options.env },
    alsoDrop: ['S3_ENDPOINT', 'STRIPE_API_URL'],
    logFile: options.logFile,
    readyPath: '/api/ready',
    startTimeoutMs: 60_000,
    stopTimeoutMs: 15_000,
    intervalMs: 200,
  });
  return {
    ...store,
    name: options.name,
    tmpDir: store.env.TMPDIR ?? os.tmpdir(),
    logFile: options.logFile,
    logTail: store.output,
  };
}
