import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { AnswerCache } from './http/answer-cache/answer-cache';
import { cacheFront } from './http/answer-cache/cache-front';
import { CatalogVersion, isOwnerChange } from './http/answer-cache/catalog-version';
import { keepSharedAnswers } from './http/answer-cache/keep-shared-answers';
import { registerErrorHandling } from './http/error-handler';
import { registerCompression } from './http/compression';
import { registerRateLimits } from './http/rate-limits';
import { registerSameOriginGuard } from './http/same-origin-guard';
import { registerSecurityHeaders } from './http/security-headers';
import { loadPageRenderer } from './http/server-render';
import { sitemapRoutes } from './http/sitemap';
import { sitePage, type SitePath } from '../shared/store/site-pages';
import { sitePageRoutes } from './http/site-pages';
import { PUBLIC_FILES_PATH, publicFileRoutes } from './http/static-files';
import {
  adminArtworkRoutes,
  artworkRoutes,
  startPictureFactsBackfill,
  startReleaseWorker,
  syncArtworkFacets,
} from './modules/artworks';
import type { PictureFactsDeps } from './modules/artworks';
import { StoredFileCleanup, type StoredFileCleanupOptions, uploadRoutes } from './modules/uploads';
import { bulkUploadRoutes, createTusDataStore, createTusServer, DraftWorker } from './modules/bulk-upload';
import { authRoutes, registerCurrentUser, sessionCookieName } from './modules/auth';
import { contactRoutes } from './modules/contact';
import { settingsRoutes } from './modules/settings';
import { categoryRoutes } from './modules/categories';
import { healthRoutes } from './modules/health';
import { startCodeHoldSweep, startHousekeeping } from './modules/housekeeping';
import { adminFunnelRoutes, DailySalts, FunnelCounter, funnelBeaconRoutes, startSaltSweep } from './modules/analytics';
import {
  downloadRoutes,
  downloadSigningSecret,
  guestLibraryRoutes,
  localFileRoutes,
  packZipRoutes,
  packZipSigner,
  SIGNED_FILES_PATH,
} from './modules/downloads';
import { adminDiscountRoutes } from './modules/discounts';
import { createImportPictures, importRoutes } from './modules/imports';
import { UPLOAD_LIMITS } from '../shared/catalogue/artwork-write';
import { adminTaxRoutes, taxDocumentRoutes, ViesCache } from './modules/taxes';
import { storeExportRoutes } from './modules/store-export';
import { licenceRoutes } from './modules/licences';
import { adminOrderRoutes, cartQuoteRoutes, guestOrderRoutes, joinGuestOrders, orderRoutes } from './modules/orders';
import type { OrderDeps } from './modules/orders';
import { createTaxCalculator } from './providers/tax/create-tax-calculator';
import { handlePaymentEvent, paymentRoutes } from './modules/payments';
import { MailQueue, type MailQueueOptions } from './modules/mail-queue';
import { printPackRoutes, PrintPackWorker, type PrintPackWorkerOptions } from './modules/print-pack';
import type { Worker } from './operations/background-worker';
import { EventBus, type EventBusOptions } from './events/event-bus';
import { startOutboxDrain } from './events/outbox-drain-worker';
import { registerStoreListeners } from './store-listeners';
import { createMailProvider } from './providers/mail/create-mail-provider';
import { browserConfigOf, createPaymentProvider } from './providers/payments/create-payment-provider';
import { TestPayments } from './providers/payments/test-payments';
import type { MailProvider } from './providers/mail/mail-provider';
import { createStorages, type Storages } from './providers/storage/create-storage';

export interface AppDependencies {
  config: Config;
  db: Kysely<Database>;
  /** Defaults to the ones the configuration names (createAppStorages): folders under DATA_DIR, or S3. */
  storages?: Storages;
  /** Defaults to one of ANSWER_CACHE_MB keeping answers at most ANSWER_MAX_AGE_MS; tests give theirs to look into. */
  answerCache?: AnswerCache;
  /** Defaults to the one the configuration names: SMTP when SMTP_URL is set, else the outbox folder. */
  mail?: MailProvider;
  /** The mail queue's poll interval and retry waits; tests shorten them. */
  mailQueue?: MailQueueOptions;
  /** The stored-file clean-up's poll interval and retry waits; tests shorten them. */
  storedFileCleanup?: StoredFileCleanupOptions;
  /** The print pack worker's interval, or none at all (tests of requests alone). */
  printPacks?: PrintPackWorkerOptions;
  /** How the domain events' after-commit work runs; tests shorten the drain's waits, or stop the work as a crash would. */
  events?: EventBusOptions & { drainEveryMs?: number };
  /** How often the bulk upload's draft worker looks for whole files besides being nudged; tests shorten it. */
  bulkDraftPollMs?: number;
  /** false: no background reading of the palettes and orientations still unknown (tests that set them by hand). */
  pictureFactsBackfill?: boolean;
  /** The built client; defaults to dist/client. Tests of the API alone may point it at nothing. */
  clientDir?: string;
  /** The server build of the client for rendering pages; defaults to dist/server. */
  serverRenderDir?: string;
  logger?: boolean;
}

/** Download counts change without the owner; a kept answer shows them at most this late. */
export const ANSWER_MAX_AGE_MS = 60_000;

export const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');
export const DEFAULT_SERVER_RENDER_DIR = path.resolve(import.meta.dirname, '../../dist/server');

/** The storages the configuration names, their files on local disk linked to the routes this app serves them at. */
export function createAppStorages(config: Config, db: Kysely<Database>): Storages {
  return createStorages(config, {
    publicPath: PUBLIC_FILES_PATH,
    signedPath: SIGNED_FILES_PATH,
    secret: downloadSigningSecret(db, config.downloadSigningSecret),
  });
}

/** Builds the whole HTTP app from its parts; main.ts and the tests both use it. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const answerCache = deps.answerCache ?? new AnswerCache(config.answerCacheBytes, ANSWER_MAX_AGE_MS);
  // The cache answers before the app when it can (see cache-front.ts); requests made in-process (inject) skip it.
  let front: ReturnType<typeof cacheFront> | null = null;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While the instance stops, a request that still arrives on a connection opened before is served as usual
    // (below: its connection then closes), not refused with 503: behind a balancer a 503 means "a part every
    // instance shares is down" (deploy/nginx.conf), and an instance on its way out can still answer well.
    return503OnClosing: false,
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        // Stopping (the server no longer listens): each open connection serves the request it has, then closes.
        // Fastify does this for what it routes; the answers the cache front gives need it here.
        if (!server.listening) response.setHeader('Connection', 'close');
        if (front) front(request, response, () => handler(request, response));
        else handler(request, response);
      });
      return server;
    },
  });
  const log = app.log;
  front = cacheFront({ cache: answerCache, sessionCookie: sessionCookieName(config), log });
  const catalogVersion = new CatalogVersion(db, log);
  catalogVersion.onChange(() => answerCache.clear());
  // Before the owner's change is answered, so the owner's next look at the shop already shows it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isOwnerChange(request)) await catalogVersion.bump();
    return payload;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const storages = deps.storages ?? createAppStorages(config, db);
  const { publicStore, privateStore } = storages;
  const mail = deps.mail ?? createMailProvider(config, log);
  // Every e-mail is queued in the database and delivered from there, retried while the mail server is down
  // (decision 0026).
  const mailQueue = new MailQueue(db, mail, log, deps.mailQueue);
  // Files a failed upload could not take back at once (the storage was down) are deleted from here once it is back.
  const storedFileCleanup = new StoredFileCleanup(db, { publicStore, privateStore }, log, deps.storedFileCleanup);
  // What one module does when another's data changes: each module's listeners.ts, registered below.
  const events = new EventBus({ db, log }, deps.events);
  // Artworks going live (the owner's publication, or a scheduled time come on whichever instance runs the release
  // job) drop the kept pages at once: they showed the shop without them.
  events.onAfterCommit(['artwork.published'], 'http.catalog-changed', () => catalogVersion.bump());
  // Print packs are made in the background, one at a time per instance, most urgent first.
  const printPacks = new PrintPackWorker(
    { db, privateStore, publicStore, log, events, catalogChanged: () => catalogVersion.bump() },
    deps.printPacks,
  );
  // An artwork's palette and orientation, read from its picture when the owner sets one and, for artworks without
  // them, once in the background after start (modules/artworks/palette).
  // A new palette or orientation changes the artwork's colour and orientation facets: the shop filters by them.
  const pictureFacts: PictureFactsDeps = { db, publicStore, log, afterSave: (id) => syncArtworkFacets(db, id) };
  // An import's pictures, fetched from the CSV's addresses by the one job runner, at most a preview's size each.
  const artworkWrites = { db, events, licenceDefault: config.license, currency: config.tax.currency };
  const importPictures = createImportPictures({
    db,
    publicStore,
    privateStore,
    log,
    artworks: artworkWrites,
    fetch: { ...config.importFetch, maxBytes: UPLOAD_LIMITS.preview.maxBytes, maxRedirects: 3 },
  });
  // Bulk upload: masters sent through tus, each made into a draft artwork in the background (decision 0065).
  const tusStore = createTusDataStore(config);
  const bulkDrafts = new DraftWorker({
    db,
    datastore: tusStore.datastore,
    publicStore,
    privateStore,
    writes: artworkWrites,
    log,
    pollMs: deps.bulkDraftPollMs,
  });
  const tus = createTusServer({ db, ...tusStore, nudge: () => bulkDrafts.nudge() });
  const payments = createPaymentProvider(config, db, log);
  // Licence certificates are numbered with the secret that signs download links (certificate-number.ts).
  const certificateSecret = downloadSigningSecret(db, config.downloadSigningSecret);
  const taxCalculator = createTaxCalculator(config);
  const viesCache = new ViesCache();
  // The owner's funnel (decision 0063): beacons counted in memory and written every few seconds.
  const funnelSalts = new DailySalts(db);
  const funnelCounter = new FunnelCounter(db, funnelSalts, log);
  registerStoreListeners(events, {
    db,
    config,
    taxCalculator,
    payments,
    nudgePrintPacks: () => printPacks.nudge(),
    pictureFacts,
  });
  const orderDeps: OrderDeps = {
    db,
    payments,
    mail: mailQueue,
    config,
    log,
    events,
    certificateSecret,
    // A guest's library links are signed with the same secret (orders/guest-link.ts).
    guestLinkSecret: certificateSecret,
    taxCalculator,
    viesCache,
  };
  // The test provider's notifications take the webhook's path: the same lifecycle, the same once-only rule.
  if (payments instanceof TestPayments) {
    payments.onEvent((event) =>
      handlePaymentEvent(orderDeps, event).catch((error: unknown) => log.error({ err: error }, 'payment event failed')),
    );
  }

  // The store's background work, all of it, in one place: started once the app is ready (main.ts has migrated the
  // database by then), and stopped as it closes, each worker waiting for its run in flight; main.ts's shutdown
  // closes the app before the database.
  let workers: Worker[] = [];
  app.addHook('onReady', async () => {
    // The signing secret is read (or made) now, on the migrated database: a guest's receipt signs its library link
    // inside the payment's transaction, where SQLite's one connection could not read it.
    await certificateSecret().catch((error: unknown) => log.error({ err: error }, 'signing secret not read yet'));
    workers = [
      mailQueue.start(),
      storedFileCleanup.start(),
      catalogVersion.startPolling(config.catalogVersionPollMs),
      startHousekeeping(orderDeps, config.sessionIdleMs),
      startCodeHoldSweep(orderDeps),
      printPacks.start(),
      importPictures.start(),
      funnelCounter.start(config.funnelFlushMs),
      startSaltSweep({ db, salts: funnelSalts, log }),
      bulkDrafts.start(),
      startReleaseWorker({ db, events, log }, config.releasePollMs),
      // An instance that runs no after-commit work (a test's crash) drains nothing either.
      ...(deps.events?.runAfterCommit === false
        ? []
        : [startOutboxDrain({ db, log, listeners: events.afterCommitListeners }, deps.events?.drainEveryMs)]),
      ...(deps.pictureFactsBackfill === false
        ? []
        : [startPictureFactsBackfill({ ...pictureFacts, catalogChanged: () => catalogVersion.bump() })]),
    ];
  });
  app.addHook('onClose', async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  registerErrorHandling(app);
  // Before compression: it keeps answers as the routes made them, and compresses them once itself.
  keepSharedAnswers(app, answerCache);
  await registerCompression(app);
  await registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https://'),
    filesOrigin: storages.publicOrigin,
    stripe: payments.name === 'stripe',
    clientDir: deps.clientDir ?? DEFAULT_CLIENT_DIR,
  });
  registerSameOriginGuard(app, config.publicUrl);
  await registerCurrentUser(app, { db, config });
  await registerRateLimits(app, db);

  await app.register(healthRoutes({ db, publicStorage: publicStore, privateStorage: privateStore, mail }));
  await app.register(artworkRoutes({ db, publicUrl: config.publicUrl }));
  await app.register(
    adminArtworkRoutes({
      db,
      events,
      licenceDefault: config.license,
      currency: config.tax.currency,
      publicUrl: config.publicUrl,
    }),
  );
  await app.register(printPackRoutes({ db, nudge: () => printPacks.nudge(), events }));
  await app.register(uploadRoutes({ db, publicStore, privateStore }));
  await app.register(bulkUploadRoutes({ db, events, tus }));
  await app.register(categoryRoutes({ db }));
  await app.register(settingsRoutes({ config }));
  // A confirmed address's guest orders join its account (decision 0058).
  await app.register(
    authRoutes({ db, mail: mailQueue, config, log, onAddressConfirmed: (user) => joinGuestOrders(db, user) }),
  );
  await app.register(contactRoutes({ db, mail: mailQueue, config, log }));
  await app.register(orderRoutes(orderDeps));
  await app.register(guestOrderRoutes({ ...orderDeps, guestLinkSecret: certificateSecret }));
  await app.register(
    cartQuoteRoutes({ db, tax: config.tax, taxCalculator, viesCache, checksPerMinute: config.quoteChecksPerMinute }),
  );
  await app.register(adminOrderRoutes(orderDeps));
  await app.register(adminDiscountRoutes({ db, currency: config.tax.currency }));
  await app.register(adminTaxRoutes({ db, config }));
  await app.register(storeExportRoutes({ db, publicStore, privateStore, publicUrl: config.publicUrl }));
  await app.register(
    importRoutes({
      ...artworkWrites,
      artist: config.storeName,
      nudgePictures: () => importPictures.nudge(),
    }),
  );
  await app.register(
    funnelBeaconRoutes({ counter: funnelCounter, ownHosts: [new URL(config.publicUrl).hostname], log }),
  );
  await app.register(adminFunnelRoutes({ db, counter: funnelCounter, currency: config.tax.currency }));
  // A print pack's ZIP is streamed by the app from either store, through links signed like local file links.
  const zipLinks = packZipSigner(downloadSigningSecret(db, config.downloadSigningSecret));
  await app.register(downloadRoutes({ db, privateStore, config, log, zipLinks, certificateSecret }));
  await app.register(
    guestLibraryRoutes({
      db,
      privateStore,
      config,
      log,
      zipLinks,
      certificateSecret,
      guestLinkSecret: certificateSecret,
    }),
  );
  await app.register(licenceRoutes({ db, config, secret: certificateSecret }));
  await app.register(taxDocumentRoutes({ db }));
  await app.register(packZipRoutes({ db, privateStore, signer: zipLinks, storeName: config.storeName, log }));
  // Files on local disk are handed to buyers through links this app signs (S3 signs its own).
  if (storages.local) {
    await app.register(
      localFileRoutes({ root: storages.local.privateRoot, signer: storages.local.signer, storeName: config.storeName }),
    );
  }
  await app.register(paymentRoutes({ ...orderDeps, browserConfig: browserConfigOf(config) }));

  await app.register(sitemapRoutes({ db, publicUrl: config.publicUrl }));
  if (storages.local) await app.register(publicFileRoutes({ root: storages.local.publicRoot }));
  // A custom client folder (tests of the API) comes without the server renderer unless one is named too.
  const serverRenderDir = deps.serverRenderDir ?? (deps.clientDir ? undefined : DEFAULT_SERVER_RENDER_DIR);
  const renderer = serverRenderDir ? await loadPageRenderer(app, serverRenderDir, answerCache) : null;
  // Pages that do not exist for some visitors: the payment test page while Stripe takes real money (but for the
  // owner), and owner pages the list hides from signed-in customers (a signed-out visitor is asked to sign in).
  const isHidden = (path: SitePath, user: { role: string } | null) =>
    (path === '/stripe-test' && payments.name !== 'test' && user?.role !== 'admin') ||
    (Boolean(sitePage(path).notFoundForOthers) && user !== null && user.role !== 'admin');
  await app.register(
    sitePageRoutes({ db, config, clientDir: deps.clientDir ?? DEFAULT_CLIENT_DIR, renderer, isHidden }),
  );
  return app;
}
