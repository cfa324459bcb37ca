import { adminBroadcastRoutes, type BroadcastDeps } from './modules/broadcasts';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Server as TusServer } from '@tus/server';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { EventBus } from './events/event-bus';
import type { AnswerCache } from './http/answer-cache/answer-cache';
import { loadPageRenderer } from './http/server-render';
import { sitemapRoutes } from './http/sitemap';
import { sitePageRoutes } from './http/site-pages';
import { publicFileRoutes } from './http/static-files';
import { accountRoutes } from './modules/account';
import { adminArtworkRoutes, artworkRoutes, type ArtworkWriteDeps } from './modules/artworks';
import { adminFunnelRoutes, funnelBeaconRoutes, type FunnelCounter } from './modules/analytics';
import { authRoutes } from './modules/auth';
import { bulkUploadRoutes } from './modules/bulk-upload';
import { categoryRoutes } from './modules/categories';
import { contactRoutes } from './modules/contact';
import { adminDiscountRoutes } from './modules/discounts';
import {
  downloadRoutes,
  guestLibraryRoutes,
  localFileRoutes,
  packZipRoutes,
  packZipSigner,
  setZipRoutes,
  setZipSigner,
} from './modules/downloads';
import { galleryWallRoutes } from './modules/gallery-wall';
import { healthRoutes } from './modules/health';
import { importRoutes } from './modules/imports';
import { licenceRoutes } from './modules/licences';
import type { MailQueue } from './modules/mail-queue';
import {
  adminMailingListRoutes,
  askConsentsAndMail,
  mailingListRoutes,
  suppressRefusedAddresses,
  type ConsentRequest,
} from './modules/mailing-list';
import {
  adminOrderRoutes,
  cartQuoteRoutes,
  findOwnedPieces,
  guestOrderRoutes,
  joinGuestOrders,
  orderRoutes,
} from './modules/orders';
import type { OrderDeps } from './modules/orders';
import { paymentRoutes } from './modules/payments';
import { printPackRoutes } from './modules/print-pack';
import { reviewRoutes } from './modules/reviews';
import { adminSetRoutes, setRoutes } from './modules/sets';
import { settingsRoutes } from './modules/settings';
import { storeExportRoutes } from './modules/store-export';
import { adminTaxRoutes, taxDocumentRoutes } from './modules/taxes';
import { uploadRoutes } from './modules/uploads';
import { buyerCartRoutes } from './modules/buyer-cart';
import type { MailProvider } from './providers/mail/mail-provider';
import { browserConfigOf } from './providers/payments/create-payment-provider';
import type { Storages } from './providers/storage/create-storage';
import { sitePage, type SitePath } from '../shared/store/site-pages';

export const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');
export const DEFAULT_SERVER_RENDER_DIR = path.resolve(import.meta.dirname, '../../dist/server');

/** What the routes are given: the parts app.ts made, once, for the whole app. */
export interface AppParts {
  config: Config;
  db: Kysely<Database>;
  storages: Storages;
  /** The mail server itself, whose health the health check reports; everything else sends through the queue. */
  mail: MailProvider;
  mailQueue: MailQueue;
  events: EventBus;
  tus: TusServer;
  funnelCounter: FunnelCounter;
  artworkWrites: ArtworkWriteDeps;
  /** The order lifecycle's parts, which the payment, tax and download routes share. */
  orderDeps: OrderDeps & Required<Pick<OrderDeps, 'certificateSecret'>>;
  answerCache: AnswerCache;
  nudgePrintPacks: () => void;
  nudgeImportPictures: () => void;
  /** Something the public catalogue shows changed without an owner's request (a review's rating): kept answers go. */
  catalogChanged: () => void;
  /** The broadcasts' parts: the mail server, the list footer's and the message's settings, the sender's nudge. */
  broadcasts: BroadcastDeps;
  /** See AppDependencies. */
  clientDir?: string;
  serverRenderDir?: string;
}

/** Every module's routes, the sitemap, the public files and the site's pages, in the order they must be found. */
export async function registerAppRoutes(app: FastifyInstance, parts: AppParts): Promise<void> {
  const { config, db, storages, events, tus, mailQueue, funnelCounter, orderDeps, answerCache } = parts;
  const { publicStore, privateStore } = storages;
  const { payments, certificateSecret, taxCalculator, viesCache } = orderDeps;
  const log = app.log;
  await app.register(healthRoutes({ db, publicStorage: publicStore, privateStorage: privateStore, mail: parts.mail }));
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
  await app.register(printPackRoutes({ db, nudge: parts.nudgePrintPacks, events }));
  await app.register(uploadRoutes({ db, publicStore, privateStore }));
  await app.register(bulkUploadRoutes({ db, events, tus }));
  await app.register(categoryRoutes({ db }));
  await app.register(settingsRoutes({ config }));
  // The mailing list (decision 0075): boxes ticked at sign-up, at checkout and in the footer ask for consents.
  const listDeps = {
    db,
    mail: mailQueue,
    config,
    secret: certificateSecret,
    attemptsPerMinute: config.attemptsPerMinute,
  };
  // A consent that cannot be recorded is logged, never the failure of the sign-up or the order it came with.
  const askListConsents = (request: ConsentRequest) =>
    askConsentsAndMail(listDeps, request).catch((error: unknown) =>
      log.error({ err: error, source: request.source }, 'mailing list: consents not recorded'),
    );
  suppressRefusedAddresses(mailQueue, db);
  await app.register(mailingListRoutes(listDeps));
  await app.register(adminMailingListRoutes({ db }));
  // A confirmed address's guest orders join its account (decision 0058).
  await app.register(
    authRoutes({
      db,
      mail: mailQueue,
      config,
      log,
      onAddressConfirmed: (user) => joinGuestOrders(db, user),
      onListConsents: (email, kinds) => askListConsents({ email, kinds, source: 'sign-up' }),
    }),
  );
  await app.register(accountRoutes({ db, config, mail: mailQueue, events, log }));
  await app.register(contactRoutes({ db, mail: mailQueue, config, log }));
  await app.register(
    orderRoutes({
      ...orderDeps,
      askListConsents: (ask) => askListConsents({ ...ask, source: 'checkout' }),
    }),
  );
  await app.register(guestOrderRoutes({ ...orderDeps, guestLinkSecret: certificateSecret }));
  await app.register(
    cartQuoteRoutes({
      db,
      guestLinkSecret: certificateSecret,
      tax: config.tax,
      taxCalculator,
      viesCache,
      checksPerMinute: config.quoteChecksPerMinute,
    }),
  );
  await app.register(
    galleryWallRoutes({ db, storeName: config.storeName, guidesPerMinute: config.galleryGuidesPerMinute }),
  );
  await app.register(adminOrderRoutes(orderDeps));
  await app.register(adminDiscountRoutes({ db, currency: config.tax.currency }));
  await app.register(
    setRoutes({ db, ownedPiecesOf: (customer) => (artworkIds) => findOwnedPieces(db, customer, artworkIds) }),
  );
  await app.register(adminSetRoutes({ db, events }));
  await app.register(adminTaxRoutes({ db, config }));
  await app.register(storeExportRoutes({ db, publicStore, privateStore, publicUrl: config.publicUrl }));
  await app.register(
    importRoutes({
      ...parts.artworkWrites,
      artist: config.storeName,
      nudgePictures: parts.nudgeImportPictures,
    }),
  );
  await app.register(
    funnelBeaconRoutes({ counter: funnelCounter, ownHosts: [new URL(config.publicUrl).hostname], log }),
  );
  await app.register(adminBroadcastRoutes(parts.broadcasts));
  await app.register(adminFunnelRoutes({ db, counter: funnelCounter, currency: config.tax.currency }));
  // A print pack's ZIP is streamed by the app from either store, through links signed like local file links.
  const zipLinks = packZipSigner(certificateSecret);
  const setZipLinks = setZipSigner(certificateSecret);
  await app.register(downloadRoutes({ db, privateStore, config, log, zipLinks, setZipLinks, certificateSecret }));
  await app.register(
    guestLibraryRoutes({
      db,
      privateStore,
      config,
      log,
      zipLinks,
      setZipLinks,
      certificateSecret,
      guestLinkSecret: certificateSecret,
    }),
  );
  await app.register(
    reviewRoutes({
      db,
      publicStore,
      privateStore,
      guestLinkSecret: certificateSecret,
      catalogChanged: parts.catalogChanged,
      attemptsPerMinute: config.attemptsPerMinute,
    }),
  );
  await app.register(licenceRoutes({ db, config, secret: certificateSecret }));
  await app.register(buyerCartRoutes({ db }));
  await app.register(taxDocumentRoutes({ db }));
  await app.register(packZipRoutes({ db, privateStore, signer: zipLinks, storeName: config.storeName, log }));
  await app.register(setZipRoutes({ db, privateStore, signer: setZipLinks, storeName: config.storeName, log }));
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
  const serverRenderDir = parts.serverRenderDir ?? (parts.clientDir ? undefined : DEFAULT_SERVER_RENDER_DIR);
  const renderer = serverRenderDir ? await loadPageRenderer(app, serverRenderDir, answerCache) : null;
  // Pages that do not exist for some visitors: the payment test page while Stripe takes real money (but for the
  // owner), and owner pages the list hides from signed-in customers (a signed-out visitor is asked to sign in).
  const isHidden = (path: SitePath, user: { role: string } | null) =>
    (path === '/stripe-test' && payments.name !== 'test' && user?.role !== 'admin') ||
    (Boolean(sitePage(path).notFoundForOthers) && user !== null && user.role !== 'admin');
  await app.register(
    sitePageRoutes({ db, config, clientDir: parts.clientDir ?? DEFAULT_CLIENT_DIR, renderer, isHidden }),
  );
}
