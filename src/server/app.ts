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
import { registerSitemap } from './http/sitemap';
import { sitePage, type SitePath } from '../shared/site-pages';
import { registerSitePages } from './http/site-pages';
import { registerLocalFiles } from './http/static-files';
import { adminArtworkRoutes } from './modules/artworks/admin-routes';
import { artworkRoutes } from './modules/artworks/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { StoredFileCleanup, type StoredFileCleanupOptions } from './modules/uploads/stored-file-cleanup';
import { registerCurrentUser } from './modules/auth/current-user';
import { sessionCookieName } from './modules/auth/session-cookie';
import { authRoutes } from './modules/auth/routes';
import { contactRoutes } from './modules/contact/routes';
import { settingsRoutes } from './modules/settings/routes';
import { categoryRoutes } from './modules/categories/routes';
import { healthRoutes } from './modules/health/routes';
import { localFileRoutes } from './modules/downloads/local-file-route';
import { downloadRoutes } from './modules/downloads/routes';
import { downloadSigningSecret } from './modules/downloads/signing-secret';
import { adminOrderRoutes } from './modules/orders/admin-routes';
import { orderRoutes } from './modules/orders/routes';
import type { OrderDeps } from './modules/orders/order-deps';
import { handlePaymentEvent } from './modules/payments/payment-events';
import { paymentRoutes } from './modules/payments/routes';
import { MailQueue, type MailQueueOptions } from './modules/mail-queue/mail-queue';
import { createMailProvider } from './providers/mail/create-mail-provider';
import { browserConfigOf, createPaymentProvider } from './providers/payments/create-payment-provider';
import type { PaymentProvider } from './providers/payments/payment-provider';
import { TestPayments } from './providers/payments/test-payments';
import type { MailProvider } from './providers/mail/mail-provider';
import { LocalStorage } from './providers/storage/local-storage';
import type { StorageProvider } from './providers/storage/storage-provider';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    answerCache: AnswerCache;
    catalogVersion: CatalogVersion;
    storage: StorageProvider;
    privateStorage: StorageProvider;
    mailQueue: MailQueue;
  }
}

export interface AppDependencies {
  config: Config;
  db: Kysely<Database>;
  storage: StorageProvider;
  /** Full-resolution files; defaults to DATA_DIR/private on local disk. */
  privateStorage?: StorageProvider;
  /** The origin of public files when they are not served by the app (S3 or a CDN), allowed by the CSP. */
  publicFilesOrigin?: string;
  /** Defaults to the one the configuration names: SMTP when SMTP_URL is set, else the outbox folder. */
  mail?: MailProvider;
  /** The mail queue's poll interval and retry waits; tests shorten them. */
  mailQueue?: MailQueueOptions;
  /** The stored-file clean-up's poll interval and retry waits; tests shorten them. */
  storedFileCleanup?: StoredFileCleanupOptions;
  /** Defaults to the one the configuration names: Stripe with its keys, else the built-in test provider. */
  payments?: PaymentProvider;
  /** Serve the local storage folder at /files/ (only when storage is local). */
  localStorage?: LocalStorage;
  /** The built client; defaults to dist/client. Tests of the API alone may point it at nothing. */
  clientDir?: string;
  /** The server build of the client for rendering pages; defaults to dist/server. */
  serverRenderDir?: string;
  logger?: boolean;
}

/** Download counts change without the owner; a kept answer shows them at most this late. */
const ANSWER_MAX_AGE_MS = 60_000;

export const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');
export const DEFAULT_SERVER_RENDER_DIR = path.resolve(import.meta.dirname, '../../dist/server');

/** Builds the whole HTTP app from its parts; main.ts and the tests both use it. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const answerCache = new AnswerCache(deps.config.answerCacheBytes, ANSWER_MAX_AGE_MS);
  // The cache answers before the app when it can (see cache-front.ts); requests made in-process (inject) skip it.
  let front: ReturnType<typeof cacheFront> | null = null;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
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
  front = cacheFront({ cache: answerCache, sessionCookie: sessionCookieName(deps.config), log: app.log });
  const catalogVersion = new CatalogVersion(deps.db, app.log);
  catalogVersion.onChange(() => answerCache.clear());
  app.addHook('onReady', async () => catalogVersion.startPolling(deps.config.catalogVersionPollMs));
  app.addHook('onClose', async () => catalogVersion.stopPolling());
  // Before the owner's change is answered, so the owner's next look at the shop already shows it.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isOwnerChange(request)) await catalogVersion.bump();
    return payload;
  });
  app.decorate('answerCache', answerCache);
  app.decorate('catalogVersion', catalogVersion);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  app.decorate('storage', deps.storage);
  app.decorate('privateStorage', deps.privateStorage ?? new LocalStorage(path.join(deps.config.dataDir, 'private')));

  const mail = deps.mail ?? createMailProvider(deps.config, app.log);
  // Every e-mail is queued in the database and delivered from there, retried while the mail server is down
  // (decision 0026); the worker runs while the app does, like the catalogue poll.
  const mailQueue = new MailQueue(deps.db, mail, app.log, deps.mailQueue);
  app.decorate('mailQueue', mailQueue);
  app.addHook('onReady', async () => mailQueue.start());
  app.addHook('onClose', async () => mailQueue.stop());
  // Files a failed upload could not take back at once (the storage was down) are deleted from here once it is back.
  const storedFileCleanup = new StoredFileCleanup(deps.db, { publicStore: app.storage, privateStore: app.privateStorage }, app.log, deps.storedFileCleanup);
  app.addHook('onReady', async () => storedFileCleanup.start());
  app.addHook('onClose', async () => storedFileCleanup.stop());
  const payments = deps.payments ?? createPaymentProvider(deps.config, deps.db, app.log);
  const orderDeps = (): OrderDeps => ({ db: deps.db, payments, mail: mailQueue, config: deps.config, log: app.log });
  // The test provider's notifications take the webhook's path: the same lifecycle, the same once-only rule.
  if (payments instanceof TestPayments) {
    payments.onEvent((event) => handlePaymentEvent(orderDeps(), event).catch((error: unknown) => app.log.error({ err: error }, 'payment event failed')));
  }

  registerErrorHandling(app);
  // Before compression: it keeps answers as the routes made them, and compresses them once itself.
  keepSharedAnswers(app, answerCache);
  await registerCompression(app);
  await registerSecurityHeaders(app, {
    https: deps.config.publicUrl.startsWith('https://'),
    filesOrigin: deps.publicFilesOrigin,
    stripe: payments.name === 'stripe',
    clientDir: deps.clientDir ?? DEFAULT_CLIENT_DIR,
  });
  registerSameOriginGuard(app, deps.config.publicUrl);
  await registerCurrentUser(app);
  await registerRateLimits(app);

  await app.register(healthRoutes, { mail });
  await app.register(artworkRoutes);
  await app.register(adminArtworkRoutes);
  await app.register(uploadRoutes);
  await app.register(categoryRoutes);
  await app.register(settingsRoutes);
  await app.register(authRoutes(mailQueue));
  await app.register(contactRoutes(mailQueue));
  await app.register(orderRoutes(orderDeps));
  await app.register(adminOrderRoutes(orderDeps));
  await app.register(downloadRoutes(() => ({ db: deps.db, privateStore: app.privateStorage, config: deps.config, log: app.log })));
  // Files on local disk are handed to buyers through links this app signs (S3 signs its own).
  if (app.privateStorage instanceof LocalStorage) {
    await app.register(localFileRoutes({ store: app.privateStorage, secret: downloadSigningSecret(deps.db, deps.config.downloadSigningSecret) }));
  }
  await app.register(paymentRoutes(orderDeps, browserConfigOf(deps.config)));

  registerSitemap(app);
  if (deps.localStorage) await registerLocalFiles(app, deps.localStorage.root);
  // A custom client folder (tests of the API) comes without the server renderer unless one is named too.
  const serverRenderDir = deps.serverRenderDir ?? (deps.clientDir ? undefined : DEFAULT_SERVER_RENDER_DIR);
  const renderer = serverRenderDir ? await loadPageRenderer(app, serverRenderDir) : null;
  // Pages that do not exist for some visitors: the payment test page while Stripe takes real money (but for the
  // owner), and owner pages the list hides from signed-in customers (a signed-out visitor is asked to sign in).
  const hidden = (path: SitePath, user: { role: string } | null) =>
    (path === '/stripe-test' && payments.name !== 'test' && user?.role !== 'admin') ||
    (Boolean(sitePage(path).notFoundForOthers) && user !== null && user.role !== 'admin');
  await registerSitePages(app, deps.clientDir ?? DEFAULT_CLIENT_DIR, renderer, hidden);
  return app;
}
