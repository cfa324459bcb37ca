import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { BUYER_EMAIL, signWebhook } from '#test-support/stripe-checkout.ts';
import { startStripeProtocolServer, type StripeProtocolServer } from '#test-support/stripe-protocol-server.ts';
import { IRISH_SELLER, testCardIssuedIn } from '#test-support/tax-settings.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { twoConnections } from '#test-support/two-connections.ts';
import { buildApp, type AppDependencies } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/schema';

// A payment's commit and its after-commit work (Stripe Tax's record of the sale, the buyer's print pack first in the
// queue) are two steps: an instance that dies between them leaves its work in the outbox, written with the payment.
// Here the first instance runs no after-commit work at all (as if killed right after each commit); the store is then
// started again as two instances on two connections to the same database, both draining the outbox at once.

const WEBHOOK_SECRET = 'whsec_test_outbox';
const GERMAN_CARD = testCardIssuedIn('DE');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_ENGINES)('after-commit work left by a crash, on %s', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  let stripe: StripeProtocolServer;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  function configFor(stripeApi: StripeProtocolServer): Config {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-crash-'));
    cleanups.push(() => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })));
    return loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      STRIPE_SECRET_KEY: 'sk_test_store',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_store',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://${stripeApi.host}:${stripeApi.port}`,
      STRIPE_TAX: 'true',
      TAX_REGISTRATIONS: 'eu',
      STORE_CURRENCY: 'eur',
      ...IRISH_SELLER,
    });
  }

  /** An instance of the store on `db`; its print packs are queued, never made (the queue is what is counted). */
  async function instanceOn(db: Kysely<Database>, config: Config, events: AppDependencies['events']) {
    const app = await buildApp({
      config,
      db,
      events,
      printPacks: { enabled: false },
      pictureFactsBackfill: false,
      clientDir: path.join(config.dataDir, 'no-client'),
      logger: false,
    });
    await app.ready();
    cleanups.push(() => app.close());
    return app;
  }

  it('queues the receipt, the pack and records the Stripe Tax sale once after a restart, however many instances drain', async () => {
    stripe = await startStripeProtocolServer();
    cleanups.push(() => stripe.close());
    const config = configFor(stripe);
    const [one, two] = await twoConnections(engine, cleanups);
    // Dies right after each commit; its rows are due for the drain at once.
    const crashing = await instanceOn(one, config, { runAfterCommit: false, drainAfterMs: 0 });
    const buyer = await signedInCookie(crashing, one, BUYER_EMAIL, 'customer');
    const [artworkId] = await insertTestArtworks(one, [{ title: 'Dune Light', price: 19 }]);
    await one.updateTable('artworks').set({ private_file_key: 'masters/dune-light.png' }).execute();

    const post = (url: string, payload: object) =>
      crashing.inject({ method: 'POST', url, payload, headers: { cookie: buyer } });
    const started = await post('/api/create-payment-intent', {
      items: [{ id: artworkId, quantity: 1 }],
      email: BUYER_EMAIL,
      country: 'DE',
    });
    expect(started.statusCode).toBe(200);
    const { paymentIntentId } = started.json<{ paymentIntentId: string }>();
    const paymentMethodId = stripe.createPaymentMethod({ number: GERMAN_CARD, country: 'DE' });
    expect((await post('/api/checkout/payment-method', { paymentIntentId, paymentMethodId })).statusCode).toBe(200);
    expect(stripe.confirmIntent(paymentIntentId)).toBe('succeeded');
    const payload = stripe.eventFor('payment_intent.succeeded', paymentIntentId);
    const delivered = await crashing.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload, WEBHOOK_SECRET) },
    });
    expect(delivered.statusCode).toBe(200);

    const order = await one
      .selectFrom('orders')
      .selectAll()
      .where('payment_intent_id', '=', paymentIntentId)
      .executeTakeFirstOrThrow();
    const receipts = () =>
      one
        .selectFrom('mail_queue')
        .select('id')
        .where('kind', '=', 'receipt')
        .where('ref', '=', order.order_number)
        .execute();
    const packs = () => one.selectFrom('print_packs').selectAll().where('artwork_id', '=', artworkId!).execute();
    const sales = () =>
      [...stripe.taxTransactions.values()].filter(
        (transaction) => transaction.type === 'transaction' && transaction.reference === order.order_number,
      );
    const waiting = async () =>
      (await one.selectFrom('event_outbox').select('listener').where('done_at', 'is', null).execute())
        .map((row) => row.listener)
        .sort();
    const taxTransactionId = async () =>
      (await one.selectFrom('orders').select('tax_transaction_id').where('id', '=', order.id).executeTakeFirstOrThrow())
        .tax_transaction_id;

    // Committed with the payment: paid, invoiced, the receipt queued, and the work after the commit in the outbox.
    expect(order.status).toBe('paid');
    expect(await receipts()).toHaveLength(1);
    expect(await one.selectFrom('tax_documents').select('kind').where('order_id', '=', order.id).execute()).toEqual([
      { kind: 'invoice' },
    ]);
    expect(await waiting()).toEqual(['print-pack.queue-buyer-packs', 'taxes.record-stripe-tax']);
    expect(await packs()).toEqual([]);
    expect(sales()).toEqual([]);
    expect(await taxTransactionId()).toBeNull();
    await crashing.close();

    // Started again, as two instances at once.
    await Promise.all([instanceOn(one, config, { drainEveryMs: 20 }), instanceOn(two, config, { drainEveryMs: 20 })]);
    await expect.poll(waiting, { timeout: 10_000 }).toEqual([]);
    await pause(300);
    const expectDoneOnce = async () => {
      expect(await receipts()).toHaveLength(1);
      expect(await packs()).toMatchObject([{ status: 'queued', priority: 20 }]);
      expect(sales()).toHaveLength(1);
      expect(await taxTransactionId()).toBe(sales()[0]?.id);
    };
    await expectDoneOnce();

    // The work told again, as after a crash between a listener's work and its row marked done: nothing changes.
    await one.updateTable('event_outbox').set({ done_at: null, claimed_until: null }).execute();
    await expect.poll(waiting, { timeout: 10_000 }).toEqual([]);
    await pause(300);
    await expectDoneOnce();
  });
});
