import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, createAppStorages, type AppDependencies } from './app';
import type { Config } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { withDemoPrints } from './demo/demo-print-storage';
import { seedDemoWhenAsked } from './demo/seed-demo-catalog';
import { syncCatalogueFacets } from './modules/artworks';
import { adoptStoreLicence } from './modules/licences';
import { ensureOwnerAccount } from './modules/users';
import type { Storages } from './providers/storage/create-storage';

/**
 * What a caller may add to the app it builds (a client built elsewhere, a mail provider that counts): never a way
 * to skip a step of the start. A store that must not seed the demo says so in its configuration (SEED_DEMO=false).
 */
export type StoreAppOptions = Omit<AppDependencies, 'config' | 'db' | 'storages'>;

export interface OpenedStore {
  app: FastifyInstance;
  db: Kysely<Database>;
  storages: Storages;
  /** Closes the app (its background work stops) and then the database. */
  close: () => Promise<void>;
}

/**
 * The store as `npm start` opens it, ready to listen: the database from the configuration brought up to date, the
 * browsing facets and licences caught up with what an older version stored, the owner account from ADMIN_EMAIL,
 * and the demo catalogue when SEED_DEMO asks for it. main.ts, the browser tests and the benchmarks all start here.
 */
export async function openStore(config: Config, appOptions: StoreAppOptions = {}): Promise<OpenedStore> {
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'store.sqlite'),
  });
  // The demo's print files are drawn on their first download, whichever start seeded the demo.
  const storages = withDemoPrints(createAppStorages(config, db));
  const app = await buildApp({ ...appOptions, config, db, storages });
  const close = async () => {
    await app.close();
    await db.destroy();
  };

  try {
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
  } catch (error) {
    // A start that fails half-way leaves nothing open behind it (a test's database file, a worker's timer).
    await close().catch(() => undefined);
    throw error;
  }
  return { app, db, storages, close };
}
