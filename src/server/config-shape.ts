import type { DkimConfig } from './dkim-config';
import type { StoreLicenceDefault } from '../shared/licences/licences';
import type { RefundPolicyId } from '../shared/store/store-settings';
import type { S3StorageOptions } from './providers/storage/s3-storage';
import type { TaxConfig } from './tax-config';

// The store's settings as the server uses them, once read and checked from the environment (config.ts).

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  storeName: string;
  /** Which licences a new artwork offers until the owner says otherwise. */
  license: StoreLicenceDefault;
  refundPolicy: RefundPolicyId;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** Guarded attempts (sign-in, sign-up, reset…) allowed a minute per address and per account. */
  attemptsPerMinute: number;
  /**
   * Cart quotes with a discount code or a VAT number allowed a minute per address: the quote needs no sign-in, so
   * without it codes could be guessed at full speed and every number typed passed on to VIES.
   */
  quoteChecksPerMinute: number;
  /** Gallery wall hanging guides allowed a minute per address (GALLERY_GUIDE_RATE_LIMIT). */
  galleryGuidesPerMinute: number;
  /** Signed-out buyers may check out with their e-mail; their orders have no account (decision 0058). */
  guestCheckout: boolean;
  /** Guest orders an hour per IP and per buyer's address: each free one sends a receipt to the address given. */
  guestOrdersPerHour: number;
  /** "Send me my links again" an hour per IP and per address, so the form cannot be used to mail strangers. */
  linksAgainPerHour: number;
  answerCacheBytes: number;
  catalogVersionPollMs: number;
  /** How often the funnel's counts held in memory are written (decision 0063). */
  funnelFlushMs: number;
  /** How often an instance looks for scheduled artworks whose time has come. */
  releasePollMs: number;
  /** How long a broadcast's claim lasts without renewal: how long a dead instance's broadcast waits (decision 0076). */
  broadcastLeaseMs: number;
  /** Believe X-Forwarded-For: only when a reverse proxy in front of the app sets it. */
  trustProxy: boolean;
  /** Unset: messages are written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: the store does not sign its mail, and the relay must (list mail's RFC 8058 headers need a signature). */
  dkim: DkimConfig | undefined;
  /** Where contact-form messages go: CONTACT_EMAIL, else the owner. */
  contactEmail: string | undefined;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** How long a buyer's download link works. */
  downloadLinkMs: number;
  /** Downloads per bought item; undefined: unlimited ('lifetime access'). */
  downloadLimit: number | undefined;
  /** Signs local download links; unset, one is made once and kept in the database (the same for every instance). */
  downloadSigningSecret: string | undefined;
  payments: (
    | { provider: 'test' }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiUrl: string | undefined;
      }
  ) & {
    /** 'card': cards only; 'automatic': whatever the seller turned on at Stripe (wallets, Link, local methods). */
    methods: 'card' | 'automatic';
  };
  /** Taxes, the store's currency and invoices (tax-config.ts). */
  tax: TaxConfig;
  /** Fetching an import's pictures: the deadline, and the hosts admitted without the address check (tests only). */
  importFetch: { timeoutMs: number; allowHosts: ReadonlySet<string> };
  /** Set when files go to an S3-compatible store instead of DATA_DIR. */
  s3?: Pick<
    S3StorageOptions,
    'bucket' | 'region' | 'endpoint' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle'
  > & { publicUrl: string };
}
