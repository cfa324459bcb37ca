// The built store as `npm start` runs it (node dist/server-app/main.js), started on a new data folder, stopped,
// started again on the same folder, written to and left idle while garbage collection runs, sync and async.
// better-sqlite3 12 on Node 24.19 and later aborted the process here (a statement finalised by a collection that
// ran outside JavaScript: "Assertion failed: (env) != nullptr"), after writes or at idle, never on Node 20: CI
// runs this file on every supported Node line (22, 24, 26).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, launchStore } from '../../scripts/benchmarks/shared/launch-store';
import { call, expect as expectStatus } from '../../scripts/benchmarks/shared/store-http';
import { linkToken, waitForMail } from '../../test-support/outbox';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const BUNDLE = path.join(PROJECT_ROOT, 'dist/server-app/main.js');
const OWNER = { email: 'owner@restart.test', password: 'owner restart password' };
const CUSTOMER = { email: 'customer@restart.test', password: 'customer restart password' };
const IDLE_MS = 30_000;
// Test-only, for the second start: every half second a full collection from JavaScript, and one that V8 runs
// later as a task of its own, outside JavaScript, as an idle-time collection does.
const COLLECT_GARBAGE = `data:text/javascript,${encodeURIComponent(
  "setInterval(() => { globalThis.gc(); globalThis.gc({ type: 'major', execution: 'async' }); }, 500).unref();",
)}`;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Stores still running when a check fails: stopped after the test. */
const started = new Set<{ stop(): Promise<Exit> }>();

async function startStore(dataDir: string, port: number, options: { collectGarbage: boolean }) {
  const launched = await launchStore({
    name: 'The store',
    projectRoot: PROJECT_ROOT,
    nodeArgs: options.collectGarbage ? ['--expose-gc', `--import=${COLLECT_GARBAGE}`] : [],
    port,
    env: {
      ALLOW_TEST_PAYMENTS: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
    readyPath: '/api/ready',
    startTimeoutMs: 90_000,
    // A stop asked for by SIGTERM ends well before the test's own time runs out; SIGKILL then shows in the exit.
    stopTimeoutMs: 60_000,
    intervalMs: 200,
  });
  let exit: Exit | null = null;
  const exited = launched.exited.then(({ code, signal }) => (exit = { code, signal }));
  const store = {
    origin: launched.origin,
    exit: () => exit,
    output: launched.output,
    async stop(): Promise<Exit> {
      started.delete(store);
      await launched.stop();
      return exited;
    },
  };
  started.add(store);
  return store;
}

const cookieOf = (answer: { cookies: string[] }) => answer.cookies.find((c) => !c.endsWith('=')) ?? '';

describe('the built store started again on its data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-restart-'));
  afterAll(async () => {
    await Promise.all([...started].map((store) => store.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers after writes, idle time and garbage collection, and no process dies of a signal', async () => {
    if (!fs.existsSync(BUNDLE)) throw new Error('The store is not built: run `npm run build` first (npm test does).');
    const port = await freePort();

    // The first start draws the demo catalogue; a stop asked for by SIGTERM leaves with 0.
    const first = await startStore(dataDir, port, { collectGarbage: false });
    expect(await first.stop(), first.output()).toEqual({ code: 0, signal: null });

    const store = await startStore(dataDir, port, { collectGarbage: true });
    const { origin } = store;

    // The owner edits an artwork.
    const owner = cookieOf(await expectStatus(200, origin, 'POST', '/api/auth/sign-in', { body: OWNER }));
    const { items } = (
      await expectStatus<{ items: Array<{ id: number; price: number }> }>(200, origin, 'GET', '/api/artworks?limit=1')
    ).body;
    const artwork = items[0];
    if (!artwork) throw new Error('The demo catalogue is empty');
    await expectStatus(200, origin, 'PUT', `/api/artworks/${artwork.id}`, {
      cookie: owner,
      body: { price: artwork.price + 1 },
    });

    // A customer signs up, confirms the address from the mail and buys it with the test card.
    await expectStatus(200, origin, 'POST', '/api/auth/sign-up', { body: CUSTOMER });
    const confirmation = await waitForMail(dataDir, CUSTOMER.email, /confirm/i, 15_000);
    await expectStatus(200, origin, 'POST', '/api/auth/confirm', {
      body: { token: linkToken(confirmation, '/confirm-email') },
    });
    const customer = cookieOf(await expectStatus(200, origin, 'POST', '/api/auth/sign-in', { body: CUSTOMER }));
    const intent = (
      await expectStatus<{ clientSecret: string; paymentIntentId: string; amount: number }>(
        200,
        origin,
        'POST',
        '/api/create-payment-intent',
        {
          cookie: customer,
          body: { items: [{ id: artwork.id, quantity: 1 }], email: CUSTOMER.email },
        },
      )
    ).body;
    expect(intent.amount).toBe(Math.round((artwork.price + 1) * 100));
    const card = { number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123', name: 'Ada' };
    await expectStatus(200, origin, 'POST', '/api/payments/test/confirm', {
      cookie: customer,
      body: { clientSecret: intent.clientSecret, card, billing: { postalCode: '12345', country: 'US' } },
    });
    const order = await expectStatus<{ status: string }>(200, origin, 'POST', '/api/orders/confirm', {
      cookie: customer,
      body: { paymentIntentId: intent.paymentIntentId },
    });
    expect(order.body.status).toBe('paid');

    // Idle, collecting garbage all along: it must still answer every second, and at the end.
    const idleUntil = Date.now() + IDLE_MS;
    // Every probe must be answered; how many fit in the idle time depends on how busy the machine is (a probe
    // waits for its answer), so the count is of probes made, with a floor that still spans the idle time.
    let probes = 0;
    let answered = 0;
    while (Date.now() < idleUntil) {
      await sleep(1_000);
      expect(store.exit(), store.output()).toBeNull();
      probes++;
      if ((await call(origin, 'GET', '/api/health')).status === 200) answered++;
    }
    expect((await call(origin, 'GET', '/api/artworks?limit=1')).status).toBe(200);
    expect(answered).toBe(probes);
    expect(probes).toBeGreaterThanOrEqual(10);
    expect(await store.stop(), store.output()).toEqual({ code: 0, signal: null });
  }, 240_000);
});
