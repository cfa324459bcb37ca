// The store as src/server/main.ts starts it (openStore: configuration from the environment, migrations, owner
// account, demo catalogue, then listen), with one difference: it serves the client built into BENCH_CLIENT_DIR
// instead of dist/client, so a rebuild of dist/client by someone else cannot swap files under the pages being
// measured. Run as a child process by store-child.ts's callers.
import { loadConfig } from '#server/config.ts';
import { openStore } from '#server/open-store.ts';
import { serverRenderDirOf } from './build-client';

async function main(): Promise<void> {
  const clientDir = process.env.BENCH_CLIENT_DIR;
  if (!clientDir) throw new Error('BENCH_CLIENT_DIR is not set');
  const config = loadConfig();
  const { app, close } = await openStore(config, { clientDir, serverRenderDir: serverRenderDirOf(clientDir) });

  const shutdown = async () => {
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
