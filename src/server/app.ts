import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { AnswerCache } from './http/answer-cache/answer-cache';
import { cacheFront } from './http/answer-cache/cache-front';
import { keepSharedAnswers } from './http/answer-cache/keep-shared-answers';
import { keptAnswersFollowCatalog } from './http/answer-cache/kept-answers-follow-catalog';
import { registerErrorHandling } from './http/error-handler';
import { registerCompression } from './http/compression';
import { registerRateLimits } from './http/rate-limits';
import { registerSameOriginGuard } from './http/same-origin-guard';
import { registerSecurityHeaders } from './http/security-headers';
import { PUBLIC_FILES_PATH } from './http/static-files';
import { startPictureFactsBackfill, startReleaseWorker, syncArtworkFacets } from './modules/artworks';
import type { PictureFactsDeps } from './modules/artworks';
import { StoredFileCleanup, type StoredFileCleanupOptions } from './modules/uploads';
import { createTusDataStore, createTusServer, DraftWorker } from './modules/bulk-upload';
import { registerCurrentUser, sessionCookieName } from './modules/auth';
import { startCodeHoldSweep, startHousekeeping } from './modules/housekeeping';
import { DailySalts, FunnelCounter, startSaltSweep } from './modules/analytics';
import { downloadSigningSecret, SIGNED_FILES_PATH } from './modules/downloads';
import { createImportPictures } from './modules/imports';
import { createSetCovers } from './modules/sets';
import { startCartReminders } from './modules/buyer-cart';
import { createReviewRequests } from './modules/reviews';
import { createListMailWorkers, type BroadcastSenderOptions } from './modules/broadcasts';
import { UPLOAD_LIMITS } from '../shared/catalogue/artwork-write';
import { ViesCache } from './modules/taxes';
import { createTaxCalculator } from './providers/tax/create-tax-calculator';
import { handlePaymentEvent } from './modules/payments';
import { MailQueue, type MailQueueOptions } from './modules/mail-queue';
import { PrintPackWorker, type PrintPackWorkerOptions } from './modules/print-pack';
import type { Worker } from './operations/background-worker';
import { EventBus, type EventBusOptions } from './events/event-bus';
import { startOutboxDrain } from './events/outbox-drain-worker';
import { registerStoreListeners } from './store-listeners';
import { DEFAULT_CLIENT_DIR, registerAppRoutes, type AppParts } from './app-routes';
import { createMailProvider } from './providers/mail/create-mail-provider';
import { createPaymentProvider } from './providers/payments/create-payment-provider';
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
  /** The broadcasts' poll interval and lease; tests shorten them. */
  broadcasts?: BroadcastSenderOptions;
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

export { DEFAULT_CLIENT_DIR, DEFAULT_SERVER_RENDER_DIR } from './app-routes';

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
  const catalogVersion = keptAnswersFollowCatalog(app, db, answerCache);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const storages = deps.storages ?? createAppStorages(config, db);
  const { publicStore, privateStore } = storages;
  const mail = deps.mail ?? createMailProvider(config, log);
  // Every e-mail is queued in the database and delivered from there, retried while the mail server is down (0026).
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
    {
      db,
      privateStore,
      publicStore,
      log,
      events,
      catalogChanged: () => catalogVersion.bump(),
      mockupsLanded: () => catalogVersion.bump('mockups'),
    },
    deps.printPacks,
  );
  // An artwork's palette and orientation, read from its picture when the owner sets one and, for artworks without
  // them, once in the background after start; each changes the artwork's facets, which the shop filters by.
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
  // A set's gallery-wall cover, drawn from its pieces by the one job runner (decision 0073).
  const setCovers = createSetCovers({ db, publicStore, log, catalogChanged: () => catalogVersion.bump() });
  // The installation's signing key, read once: it signs download, guest and unsubscribe links, and numbers licence
  // certificates (certificate-number.ts).
  const certificateSecret = downloadSigningSecret(db, config.downloadSigningSecret);
  // Each paid order's one review request, due two weeks after the payment, run by the one job runner.
  const reviewRequests = createReviewRequests({
    db,
    config,
    mail: mailQueue,
    secret: certificateSecret,
    log,
  });
  // List mail (decision 0076): the owner's broadcasts and the weekly new-art digest, by the one job runner.
  const listMail = createListMailWorkers({ db, mail, log, secret: certificateSecret, config }, deps.broadcasts);
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
    nudgeSetCovers: () => setCovers.nudge(),
  });
  const orderDeps: AppParts['orderDeps'] = {
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
      setCovers.start(),
      reviewRequests.start(),
      listMail.sender.start(),
      listMail.digest.start(),
      funnelCounter.start(config.funnelFlushMs),
      startSaltSweep({ db, salts: funnelSalts, log }),
      bulkDrafts.start(),
      startReleaseWorker({ db, events, log }, config.releasePollMs),
      startCartReminders({
        db,
        mail: mailQueue,
        secret: certificateSecret,
        config,
        log,
      }),
      // An instance that runs no after-commit work (a test's crash) drains nothing either.
      ...(deps.events?.runAfterCommit === false
        ? []
        : [startOutboxDrain({ db, log, listeners: events.afterCommitListeners }, deps.events?.drainEveryMs)]),
      ...(deps.pictureFactsBackfill === false
        ? []
        : [startPictureFactsBackfill({ ...pictureFacts, catalogChanged: () => catalogVersion.bump('palettes') })]),
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

  await registerAppRoutes(app, {
    config,
    db,
    storages,
    mail,
    mailQueue,
    events,
    tus,
    funnelCounter,
    artworkWrites,
    orderDeps,
    answerCache,
    nudgePrintPacks: () => printPacks.nudge(),
    nudgeImportPictures: () => importPictures.nudge(),
    catalogChanged: () => void catalogVersion.bump(),
    broadcasts: listMail.routeDeps,
    clientDir: deps.clientDir,
    serverRenderDir: deps.serverRenderDir,
  });
  return app;
}
