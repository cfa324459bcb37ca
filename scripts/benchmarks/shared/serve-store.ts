// The store as src/server/main.ts starts it (configuration from the environment, migrations, owner account,
// demo catalogue, then listen), with one difference: it serves the client built into BENCH_CLIENT_DIR instead
// of dist/client, so a rebuild of dist/client by someone else cannot swap files under the pages being measured.
// Run as a child process by store-server.ts; keep it in step with main.ts.
import path from 'node:path';
import { buildApp, createAppStorages } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { withDemoPrints } from '#server/demo/demo-print-storage.ts';
import { seedDemoWhenAsked } from '#server/demo/seed-demo-catalog.ts';
import { ensureOwnerAccount } from '#server/modules/users/index.ts';
import { serverRenderDirOf } from './build-client';

async function main(): Promise<void> {
  const clientDir = process.env.BENCH_CLIENT_DIR;
  if (!clientDir) throw new Error('BENCH_CLIENT_DIR is not set');
  const config = loadConfig();
  const db = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'store.sqlite') });
  const storages = withDemoPrints(createAppStorages(config, db));
  const app = await buildApp({ config, db, storages, clientDir, serverRenderDir: serverRenderDirOf(clientDir) });

  await migrateToLatest(db);
  await ensureOwnerAccount(db, { email: config.adminEmail, password: config.adminPassword });
  await seedDemoWhenAsked(config, db, storages.publicStore);

  const shutdown = async () => {
    await app.close();
    await db.destroy();
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
