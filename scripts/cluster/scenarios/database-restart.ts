// "Parts failing", the database: PostgreSQL is stopped (a fast shutdown, every connection cut) while
// visitors ask nginx for pages, the catalogue and a customer's own data, and started again 5 s later. While it is
// down every request must be answered quickly: what needs the database with 503, a message and Retry-After, never
// a hang nor another error. Once it is back, both instances must serve the customer again by themselves (no
// restart), take a purchase, and pass an owner's edit from one to the other as before.
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { newCustomers } from '../customers';
import { call, expect } from '../../benchmarks/shared/store-http';
import { localPostgres } from '../postgres-service';
import { saleArtwork } from '../sale-artwork';
import { check, seconds, type Cluster, type Scenario } from '../scenario';
import { payAndConfirm, startCheckout } from '../store-steps';
import { visitWithoutPause, type Sample } from '../visitors';

const VISITORS = 8;
const BEFORE_MS = 2_000;
const OUTAGE_MS = 5_000;
/** "Fail fast": the pool gives up on a connection after 3 s (src/server/db/database.ts); nothing may take longer than this. */
const FAST_MS = 5_000;
const RECOVERY_LIMIT_MS = 15_000;
const EDIT_VISIBLE_MS = 5_000;

export const databaseRestart: Scenario = {
  name: 'parts failing: PostgreSQL restarted',
  async run(cluster: Cluster, figures: string[]) {
    const postgres = localPostgres(cluster.databaseUrl);
    const [a, b] = cluster.instances;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');
    const artwork = await saleArtwork(cluster, b.origin, 5, 'pg');
    const [customer] = await newCustomers(a.origin, cluster.mail, 1, 'pg');
    if (!customer) throw new Error('no customer');

    const visitors = visitWithoutPause(
      cluster.balancer,
      [
        { path: '/shop', page: true },
        { path: `/artwork/${artwork.id}`, page: true },
        { path: '/api/artworks?limit=12' },
        { path: '/api/auth/session', cookie: customer.cookie },
        { path: '/api/downloads', cookie: customer.cookie },
      ],
      VISITORS,
    );
    await sleep(BEFORE_MS);
    const stopAt = performance.now();
    let startAt = stopAt;
    let recovered: Array<number | null>;
    try {
      await postgres.stop();
      await sleep(OUTAGE_MS);
    } finally {
      // Whatever happened, the database comes back: the scenarios after this one need it.
      await postgres.start();
      startAt = performance.now();
      recovered = await Promise.all(
        [a, b].map((instance) => servesAgain(instance.origin, customer.cookie, customer.headers)),
      );
    }
    await sleep(1_000);
    const samples = await visitors.stop();

    const during = samples.filter((s) => s.at >= stopAt && s.at < startAt);
    const unavailable = samples.filter((s) => s.status === 503);
    const wrong = samples.filter((s) => s.status !== 200 && !(s.status === 503 && s.message && s.retryAfter));
    const slowest = Math.max(...samples.map((s) => s.ms));
    figures.push(
      `PostgreSQL ${postgres.name} down ${seconds(startAt - stopAt)} under ${VISITORS} visitors: ${samples.length} requests, ${during.length} while down (${during.filter((s) => s.status === 200).length} answered 200 from the kept pages and catalogue, ${unavailable.length} 503 with a message, in p99 ${seconds(p99(unavailable))}), slowest ${seconds(slowest)}, other answers ${wrong.length}`,
    );
    figures.push(
      `both instances serving the customer again ${recovered.map((ms) => (ms === null ? 'never' : seconds(ms))).join(' and ')} after the start, without a restart`,
    );
    check(unavailable.length > 0, 'no request was answered 503: the outage was not seen');
    check(wrong.length === 0, `answers other than 200 and a 503 with a message and Retry-After: ${describe(wrong)}`);
    check(slowest <= FAST_MS, `a request took ${seconds(slowest)} (limit ${seconds(FAST_MS)})`);
    check(
      recovered.every((ms) => ms !== null),
      `an instance did not serve the customer within ${RECOVERY_LIMIT_MS / 1000} s of the database's start`,
    );
    check(
      a.isRunning() && b.isRunning() && cluster.instances[0] === a && cluster.instances[1] === b,
      'an instance exited',
    );

    // Writes and the shared catalogue version work again: a purchase, and an edit on A seen on B.
    const checkout = await startCheckout(cluster.balancer, customer.cookie, customer.account.email, artwork.id);
    const paid = await payAndConfirm(cluster.balancer, cluster.stripe, customer.cookie, checkout.paymentIntentId);
    const title = `After the restart ${randomBytes(3).toString('hex')}`;
    await expect(200, a.origin, 'PUT', `/api/artworks/${artwork.id}`, { cookie: artwork.ownerCookie, body: { title } });
    const editedAt = performance.now();
    let seenMs: number | null = null;
    while (performance.now() - editedAt < EDIT_VISIBLE_MS) {
      const answer = await call<{ title?: string }>(b.origin, 'GET', `/api/artworks/${artwork.id}`);
      if (answer.body.title === title) {
        seenMs = performance.now() - editedAt;
        break;
      }
      await sleep(100);
    }
    figures.push(
      `afterwards a purchase ${paid.body.status}, an edit on A seen on B after ${seenMs === null ? 'never' : seconds(seenMs)}`,
    );
    check(paid.body.status === 'paid', `the purchase after the restart is ${paid.body.status}`);
    check(seenMs !== null, `the edit on A was not seen on B within ${EDIT_VISIBLE_MS / 1000} s`);
  },
};

/** How long after now the instance answers the customer's session (which reads the database) with 200, or null. */
async function servesAgain(origin: string, cookie: string, headers: Record<string, string>): Promise<number | null> {
  const from = performance.now();
  while (performance.now() - from < RECOVERY_LIMIT_MS) {
    const answer = await call<{ user?: unknown }>(origin, 'GET', '/api/auth/session', {
      cookie,
      headers,
      timeoutMs: FAST_MS,
    }).catch(() => null);
    if (answer?.status === 200 && answer.body.user) return performance.now() - from;
    await sleep(100);
  }
  return null;
}

function p99(samples: Sample[]): number {
  const sorted = samples.map((s) => s.ms).sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length * 0.99)] ?? sorted.at(-1) ?? 0;
}

function describe(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) {
    const key = `${s.status} ${s.path}${s.message ? ` "${s.message}"` : ''}${s.status === 503 && !s.retryAfter ? ' (no Retry-After)' : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n}× ${key}`).join('; ');
}
