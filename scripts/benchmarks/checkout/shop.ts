import path from 'node:path';
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/schema.ts';
import { hashPassword, insertUser } from '#server/modules/users/index.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import type { StripeProtocolServer } from '#test-support/stripe-protocol-server.ts';
import { ReceiptCounter, type MailMode } from './receipt-mail';

export const WEBHOOK_SECRET = 'whsec_bench_checkout';
const PASSWORD = 'bench customer password';

/** Stripe signs each delivery; the bench signs ahead of time, as Stripe's signing is not the store's work. */
export function signWebhook(payload: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
}

export interface BenchShop {
  app: FastifyInstance;
  mail: ReceiptCounter;
}

/**
 * The real app as production builds it (NODE_ENV=production, logger off as in the catalogue bench), with Stripe
 * pointed at the loopback server and receipts counted on their way to the outbox (or to nowhere).
 */
export async function buildBenchShop(
  db: Kysely<Database>,
  dataDir: string,
  stripe: StripeProtocolServer,
  mailMode: MailMode,
): Promise<BenchShop> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://${stripe.host}:${stripe.port}`,
    // Free orders and guests' orders are limited per address and account (a shop's defence against a script
    // draining a free code or mailing strangers); the bench's 8 customers ask for thousands from one address.
    ATTEMPTS_PER_MINUTE: '100000',
    GUEST_CHECKOUT: 'true',
    GUEST_ORDERS_PER_HOUR: '100000',
  });
  const mail = new ReceiptCounter(mailMode, path.join(dataDir, `outbox-${mailMode}`), config.mailFrom);
  const app = await buildApp({ config, db, mail, clientDir: path.join(dataDir, 'no-client'), logger: false });
  return { app, mail };
}

export interface Customer {
  email: string;
  cookie: string;
}

/**
 * Confirmed customer accounts, each signed in through POST /api/auth/sign-in. One password hash serves them all
 * (scrypt takes a third of a second); each sign-in comes from its own address, below the sign-in rate limit.
 */
export async function signInCustomers(app: FastifyInstance, db: Kysely<Database>, count: number): Promise<Customer[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const customers: Customer[] = [];
  for (let i = 0; i < count; i++) {
    const email = `customer${i + 1}@bench.test`;
    await insertUser(db, { email, passwordHash, role: 'customer', confirmed: true });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: PASSWORD },
      remoteAddress: `10.9.0.${i + 1}`,
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in of ${email} answered ${response.statusCode}: ${response.body}`);
    const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
    customers.push({ email, cookie });
  }
  return customers;
}

/** A small shop: artworks from 4.90 to 24.90, so carts of 1 to 4 lines have many different totals. */
export async function insertArtworks(db: Kysely<Database>, count: number): Promise<number[]> {
  const prices = [4.9, 7.9, 9.9, 12.9, 14.9, 19.9, 24.9];
  return insertTestArtworks(
    db,
    Array.from({ length: count }, (_, i) => ({
      title: `Bench Print ${i + 1}`,
      artist: `Bench Artist ${(i % 7) + 1}`,
      price: prices[i % prices.length],
    })),
  );
}
