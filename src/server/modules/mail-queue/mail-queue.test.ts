import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { startSmtpTestServer } from '#test-support/smtp-test-server.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { twoConnections } from '#test-support/two-connections.ts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { MailMessage, MailProvider } from '../../providers/mail/mail-provider';
import { SmtpMail } from '../../providers/mail/smtp-mail';
import { MailQueue } from './mail-queue';

type SmtpServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

/** Retries every 100 ms and polls every 20 ms: what takes minutes in a shop takes moments here. */
const FAST = { pollMs: 20, retryDelaysMs: [100] };

/** The real app on `db`, mailing through SMTP; `sent` counts what this instance's provider handed over. */
async function storeOn(db: Kysely<Database>, smtpUrl: string, cleanups: Array<() => Promise<void>>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-queue-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'no-reply@shop.test',
  });
  const smtp = new SmtpMail(smtpUrl, config.mailFrom);
  const counted = { sent: 0 };
  const mail: MailProvider = {
    async send(message: MailMessage) {
      await smtp.send(message);
      counted.sent += 1;
    },
  };
  const app = await buildApp({
    config,
    db,
    mail,
    mailQueue: FAST,
    clientDir: path.join(dataDir, 'no-client'),
    logger: false,
  });
  cleanups.push(async () => {
    await app.close();
    smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, counted };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue on `db` whose worker is never started, as the order and contact code queue through it. */
const queueOn = (db: Kysely<Database>) =>
  new MailQueue(db, { send: () => Promise.reject(new Error('not started')) }, {
    warn: vi.fn(),
    error: vi.fn(),
  } as unknown as FastifyBaseLogger);

describe.each(TEST_ENGINES)('mail queue on %s', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  let smtp: SmtpServer;
  let database: TestDatabase;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await database.close();
    await smtp.close();
  });

  it('keeps a sign-up’s and a paid order’s mail while the SMTP server is down, and delivers each once when it is back', async () => {
    await smtp.stop();
    const { app } = await storeOn(database.db, smtp.url, cleanups);
    const post = (url: string, payload: object, cookie?: string) =>
      app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

    const signUp = await post('/api/auth/sign-up', { email: 'new@example.test', password: 'long enough' });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toEqual({ message: AUTH_MESSAGES.signUpSuccess });

    const buyer = await signedInCookie(app, database.db, 'buyer@example.test', 'customer');
    const [artworkId] = await insertTestArtworks(database.db, [{ title: 'Night Ferry', price: 12 }]);
    const started = await post(
      '/api/create-payment-intent',
      { items: [{ id: artworkId, quantity: 1 }], email: 'buyer@example.test' },
      buyer,
    );
    expect(started.statusCode, started.body).toBe(200);
    const { clientSecret, paymentIntentId, orderNumber } = started.json<{
      clientSecret: string;
      paymentIntentId: string;
      orderNumber: string;
    }>();
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 34, cvc: '123', name: 'Ada Buyer' };
    const billing = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };
    expect((await post('/api/payments/test/confirm', { clientSecret, card, billing }, buyer)).statusCode).toBe(200);
    const confirmed = await post('/api/orders/confirm', { paymentIntentId }, buyer);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'paid' });

    // Both wait in the queue, tried and failed, while the server stays down.
    const queued = () =>
      database.db
        .selectFrom('mail_queue')
        .select(['kind', 'ref', 'to_address', 'attempts', 'sent_at', 'last_error'])
        .orderBy('id')
        .execute();
    await expect
      .poll(async () => (await queued()).map((row) => row.attempts > 0 && row.last_error !== null))
      .toEqual([true, true]);
    expect((await queued()).map((row) => [row.kind, row.to_address, row.sent_at])).toEqual([
      ['confirm-email', 'new@example.test', null],
      ['receipt', 'buyer@example.test', null],
    ]);
    expect((await queued())[1]?.ref).toBe(orderNumber);
    await pause(300);
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(2);
    // A few more polls and retries: nothing goes out twice.
    await pause(500);
    expect(
      smtp.received.map((r) => [
        r.envelopeTo[0],
        /Confirm your e-mail/.test(r.mail.subject ?? '') ? 'confirm' : 'receipt',
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['new@example.test', 'confirm'],
        ['buyer@example.test', 'receipt'],
      ]),
    );
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received.find((r) => r.envelopeTo[0] === 'buyer@example.test')?.mail.subject).toContain(
      paymentIntentId.slice(-8),
    );
    const rows = await database.db.selectFrom('mail_queue').selectAll().execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.sent_at !== null && row.claimed_until === null && row.last_error === null)).toBe(
      true,
    );
    // The links a sent message carried are not kept in the database.
    expect(rows.every((row) => row.text_body === '' && row.html_body === '')).toBe(true);
  });

  it('queues a message with an idempotency key once, also inside a transaction', async () => {
    const queue = queueOn(database.db);
    const message = { kind: 'test', to: 'once@example.test', subject: 'Once', text: 'Once.', html: '<p>Once.</p>' };
    const first = await database.db.transaction().execute((trx) => queue.enqueue(trx, message, { key: 'test:once' }));
    const second = await database.db.transaction().execute((trx) => queue.enqueue(trx, message, { key: 'test:once' }));
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeUndefined();
    expect(
      await database.db.selectFrom('mail_queue').select('id').where('idempotency_key', '=', 'test:once').execute(),
    ).toHaveLength(1);
  });

  it('never sends a queued message twice from two app instances on one database', async () => {
    const server = await startSmtpTestServer();
    cleanups.push(() => server.close());
    await server.stop();
    const [one, two] = await twoConnections(engine, cleanups);
    const a = await storeOn(one, server.url, cleanups);
    const b = await storeOn(two, server.url, cleanups);
    await Promise.all([a.app.ready(), b.app.ready()]);
    const count = 40;
    for (let i = 0; i < count; i++) {
      await queueOn(one).enqueue(one, {
        kind: 'test',
        to: `reader${i}@example.test`,
        subject: `Message ${i}`,
        text: `Number ${i}.`,
        html: `<p>Number ${i}.</p>`,
      });
    }
    // Both instances poll every 20 ms and find the same 40 messages due at once.
    await server.start();
    await expect
      .poll(
        async () =>
          Number(
            (
              await one
                .selectFrom('mail_queue')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('sent_at', 'is', null)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        { timeout: 10_000 },
      )
      .toBe(0);
    await pause(300);
    const subjects = server.received.map((r) => r.mail.subject);
    expect(new Set(subjects).size).toBe(count);
    expect(subjects).toHaveLength(count);
    expect(a.counted.sent + b.counted.sent).toBe(count);
  });
});
