import path from 'node:path';
import { z } from 'zod';
import { STORE_LICENCE_DEFAULTS } from '../shared/licences/licences';
import { REFUND_POLICY_IDS } from '../shared/store/store-settings';
import type { Config } from './config-shape';
import { checkDkim, dkimConfigFields, toDkimConfig } from './dkim-config';
import { checkTaxCombination, taxConfigFields, toTaxConfig } from './tax-config';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL; leave it unset for the SQLite default')
      .optional(),
    SEED_DEMO: booleanFromEnv.default(true),
    STORE_NAME: z.string().min(1).default('Wall Art Store'),
    STORE_LICENSE: z.enum(STORE_LICENCE_DEFAULTS).default('personal'),
    STORE_REFUND_POLICY: z.enum(REFUND_POLICY_IDS).default('final-sale'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z.url().optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
    DOWNLOAD_SIGNING_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL; leave it unset to write mail to the outbox folder')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    CONTACT_EMAIL: z.email().optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30)
      .default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(12),
    /** Sign-ins, sign-ups and other guarded attempts allowed a minute per address and per account. */
    ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Checkout without an account, by e-mail (decision 0058). */
    GUEST_CHECKOUT: booleanFromEnv.default(false),
    /** Guest orders (card or free) allowed an hour per IP address and per buyer's e-mail. */
    GUEST_ORDERS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    /** "Send me my links again" e-mails allowed an hour per IP address and per e-mail address. */
    LINKS_AGAIN_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(3),
    /** Cart quotes carrying a discount code or a VAT number allowed a minute per address. */
    QUOTE_CODE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Gallery wall hanging guides (PDFs, open to anyone) allowed a minute per address. */
    GALLERY_GUIDE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Memory for answers every visitor gets alike (pages, catalogue data); 0 turns the cache off. */
    ANSWER_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
    /** How often an instance looks for a catalogue change made on another instance. */
    CATALOG_VERSION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /**
     * Only for tests (honoured when NODE_ENV=test): host names a catalogue import may fetch pictures from without
     * the public-address check, for the tests' https server on this machine. Comma-separated.
     */
    IMPORT_FETCH_ALLOW_HOSTS: z.string().optional(),
    /** How long one picture's fetch may take, and how large it may be (an import's CSV image addresses). */
    IMPORT_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
    /** How often an instance writes the funnel's counts it holds (views, carts, checkouts) to the database. */
    FUNNEL_FLUSH_MS: z.coerce.number().int().min(100).max(300_000).default(5000),
    /** How often an instance looks for scheduled artworks whose time has come. */
    RELEASE_POLL_MS: z.coerce.number().int().min(100).max(300_000).default(5000),
    /**
     * How long a broadcast's claim keeps other instances off it (renewed every third of it while a batch is sent):
     * after an instance dies, its broadcast goes on that much later on another instance.
     */
    BROADCAST_LEASE_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DOWNLOAD_LINK_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(15),
    DOWNLOAD_LIMIT: z.coerce.number().int().min(1).max(1_000_000).optional(),
    PAYMENTS_PROVIDER: z.enum(['test', 'stripe']).optional(),
    ALLOW_TEST_PAYMENTS: booleanFromEnv.default(false),
    /**
     * Which ways to pay the checkout offers: cards only, or every method the seller turned on at Stripe (wallets,
     * Link, local methods such as iDEAL).
     */
    PAYMENT_METHODS: z.enum(['card', 'automatic']).default('card'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** Only for tests: a server speaking Stripe's API on this machine. */
    STRIPE_API_URL: z.url().optional(),
    ...taxConfigFields,
    ...dkimConfigFields,
  })
  .refine((c) => !c.ADMIN_PASSWORD || c.ADMIN_EMAIL, {
    path: ['ADMIN_EMAIL'],
    message: 'is required when ADMIN_PASSWORD is set',
  })
  .superRefine((c, ctx) => {
    const provider = c.PAYMENTS_PROVIDER ?? (c.STRIPE_SECRET_KEY ? 'stripe' : 'test');
    const production = c.NODE_ENV === 'production';
    checkTaxCombination(c, provider, ctx);
    checkDkim(c, ctx);
    if (provider === 'stripe') {
      if (!c.STRIPE_SECRET_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'is required when PAYMENTS_PROVIDER is stripe',
        });
      if (!c.STRIPE_PUBLISHABLE_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_PUBLISHABLE_KEY'],
          message: 'is required with Stripe: the card form needs it',
        });
      // Without webhooks a customer who closes the tab after paying would never get an order: not in a live shop.
      if (production && !c.STRIPE_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'is required in production: register the webhook endpoint (see README)',
        });
      }
    } else if (production && !c.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message:
          'is the built-in test provider, which takes no money: set Stripe keys, or ALLOW_TEST_PAYMENTS=true for a demo shop',
      });
    }
  });

export type { Config } from './config-shape';

export class ConfigError extends Error {}

/** Reads the environment once at boot; lists every wrong variable at once instead of failing on the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    seedDemo: c.SEED_DEMO,
    storeName: c.STORE_NAME,
    license: c.STORE_LICENSE,
    refundPolicy: c.STORE_REFUND_POLICY,
    adminEmail: c.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    attemptsPerMinute: c.ATTEMPTS_PER_MINUTE,
    quoteChecksPerMinute: c.QUOTE_CODE_RATE_LIMIT,
    galleryGuidesPerMinute: c.GALLERY_GUIDE_RATE_LIMIT,
    guestCheckout: c.GUEST_CHECKOUT,
    guestOrdersPerHour: c.GUEST_ORDERS_PER_HOUR,
    linksAgainPerHour: c.LINKS_AGAIN_PER_HOUR,
    answerCacheBytes: Math.round(c.ANSWER_CACHE_MB * 2 ** 20),
    catalogVersionPollMs: c.CATALOG_VERSION_POLL_MS,
    funnelFlushMs: c.FUNNEL_FLUSH_MS,
    releasePollMs: c.RELEASE_POLL_MS,
    broadcastLeaseMs: c.BROADCAST_LEASE_SECONDS * 1000,
    trustProxy: c.TRUST_PROXY,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM ?? `"${c.STORE_NAME}" <no-reply@${new URL(c.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    dkim: toDkimConfig(c),
    contactEmail: (c.CONTACT_EMAIL ?? c.ADMIN_EMAIL)?.toLowerCase(),
    sessionIdleMs: c.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: c.SESSION_ABSOLUTE_HOURS * 3_600_000,
    downloadLinkMs: c.DOWNLOAD_LINK_MINUTES * 60_000,
    downloadLimit: c.DOWNLOAD_LIMIT,
    downloadSigningSecret: c.DOWNLOAD_SIGNING_SECRET,
    payments:
      c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY && (c.PAYMENTS_PROVIDER ?? 'stripe') === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: c.STRIPE_SECRET_KEY,
            publishableKey: c.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: c.STRIPE_WEBHOOK_SECRET,
            apiUrl: c.STRIPE_API_URL,
            methods: c.PAYMENT_METHODS,
          }
        : { provider: 'test', methods: c.PAYMENT_METHODS },
    tax: toTaxConfig(c, c.NODE_ENV),
    importFetch: {
      timeoutMs: c.IMPORT_FETCH_TIMEOUT_SECONDS * 1000,
      // Never outside tests: the allowance lets a fetch reach this machine.
      allowHosts: new Set(
        c.NODE_ENV === 'test'
          ? (c.IMPORT_FETCH_ALLOW_HOSTS ?? '')
              .split(',')
              .map((h) => h.trim().toLowerCase())
              .filter(Boolean)
          : [],
      ),
    },
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          endpoint: c.S3_ENDPOINT,
          accessKeyId: c.S3_ACCESS_KEY_ID,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY,
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
          publicUrl:
            c.S3_PUBLIC_URL ??
            (c.S3_ENDPOINT
              ? `${c.S3_ENDPOINT.replace(/\/+$/, '')}/${c.S3_BUCKET}`
              : `https://${c.S3_BUCKET}.s3.${c.S3_REGION}.amazonaws.com`),
        }
      : undefined,
  };
}
