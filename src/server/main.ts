import path from 'node:path';
import { buildApp, createAppStorages } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { withDemoPrints } from './demo/demo-print-storage';
import { seedDemoWhenAsked } from './demo/seed-demo-catalog';
import { syncCatalogueFacets } from './modules/artworks';
import { GRACE_MS, stopGracefully } from './modules/health';
import { adoptStoreLicence } from './modules/licences';
import { ensureOwnerAccount } from './modules/users';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'store.sqlite'),
  });
  // The demo's print files are drawn on their first download, whichever start seeded the demo.
  const storages = withDemoPrints(createAppStorages(config, db));
  const app = await buildApp({ config, db, storages });

  const applied = await migrateToLatest(db);
  app.log.info({ engine: config.databaseUrl ? 'postgres' : 'sqlite', applied }, 'database ready');
  const facetsStarted = Date.now();
  const synced = await syncCatalogueFacets(db);
  if (synced > 0) app.log.info({ artworks: synced, ms: Date.now() - facetsStarted }, 'browsing facets worked out');
  if (await adoptStoreLicence(db, config.license))
    app.log.info('artworks and lines sold before licence tiers are now commercial, as STORE_LICENSE says');

  const owner = await ensureOwnerAccount(db, { email: config.adminEmail, password: config.adminPassword });
  if (owner !== 'not-configured' && owner !== 'unchanged')
    app.log.info({ email: config.adminEmail }, `owner account ${owner}`);

  const seedingStarted = Date.now();
  const added = await seedDemoWhenAsked(config, db, storages.publicStore);
  if (added > 0) app.log.info({ artworks: added, ms: Date.now() - seedingStarted }, 'demo catalogue added');

  // SIGTERM (systemd, Docker, Kubernetes, a deploy script): stop taking requests, let those in flight finish for
  // up to ten seconds, stop the background work (closing the app does), close the database, and leave with 0,
  // since this stop was asked for.
  let stopping = false;
  const shutdown = async (signal: string) => {
    // A second signal (Ctrl-C again) means now.
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    // Whatever hangs below (a database that no longer answers), the process still ends.
    setTimeout(() => {
      app.log.error('stop took too long: leaving anyway');
      process.exit(1);
    }, GRACE_MS + 5_000).unref();
    const outcome = await stopGracefully(app, GRACE_MS);
    if (outcome === 'cut') app.log.warn({ graceMs: GRACE_MS }, 'requests still running at the deadline were cut');
    await db.destroy();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`store open at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
