// "Load with writes": 60 s of 100 connections through nginx on the public pages and the catalogue
// API (wrk), while the owner edits an artwork every second and 20 customers buy it, each paying at the
// Stripe-protocol server and confirming through nginx as the checkout page does, with Stripe's webhook delivered to
// nginx at the same time. The load must see no error and no timeout; afterwards every payment is one paid order
// with its line, one receipt at the SMTP server, and a download that works. The same load runs 15 s without the
// writes first, so the report shows their cost beside it.
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { runWrk, type WrkResult } from '../../benchmarks/shared/wrk';
import { mailsTo, newCustomers, type Customer } from '../customers';
import { call, download } from '../../benchmarks/shared/store-http';
import { orderFacts } from '../order-rows';
import { saleArtwork } from '../sale-artwork';
import { check, seconds, type Cluster, type Scenario } from '../scenario';
import { downloadLink, startCheckout } from '../store-steps';
import { deliverWithRetries } from '../webhooks';

const LOAD = { threads: 2, connections: 100, seconds: 60, timeoutSeconds: 2 };
const QUIET_SECONDS = 15;
const CUSTOMERS = 20;
/** The purchases spread over the load: the first after 2 s, then one every 2.5 s. */
const FIRST_PURCHASE_MS = 2_000;
const PURCHASE_SPACING_MS = 2_500;
const EDIT_EVERY_MS = 1_000;
const RECEIPT_WAIT_MS = 30_000;
const RECEIPT_SUBJECT = 'Your receipt for order';
/** A browser's: the pages are HTML only for a visitor who accepts it (the API answers JSON whatever it asks). */
const BROWSER_HEADERS = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Encoding': 'gzip, deflate, br',
};
const ROTATING_PATHS = path.join(import.meta.dirname, '../../benchmarks/shared/rotating-paths.lua');

const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
const errors = (load: WrkResult) => load.connect + load.read + load.write + load.status + load.timeout;
const percentile = (values: number[], p: number) =>
  [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

interface Purchase {
  customer: Customer;
  paymentIntentId: string;
  orderNumber: string;
  /** What went wrong on the way, or null. */
  failure: string | null;
  ms: number;
}

export const loadWithWrites: Scenario = {
  name: 'load with writes',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');
    const artwork = await saleArtwork(cluster, b.origin, 12, 'load');
    const customers = await newCustomers(a.origin, cluster.mail, CUSTOMERS, 'load');

    const paths = [
      '/',
      '/shop',
      '/categories',
      `/artwork/${artwork.id}`,
      '/about',
      '/shop?category=abstract',
      '/api/artworks?limit=12',
      '/api/artworks?category=abstract&sort=price-low',
      '/api/artworks?search=load',
      `/api/artworks/${artwork.id}`,
      '/api/categories',
      '/api/settings',
    ];
    // The same load without the writes first, side by side, so the report shows what the writes cost.
    const quiet = await runWrk(
      cluster.balancer,
      BROWSER_HEADERS,
      { ...LOAD, seconds: QUIET_SECONDS },
      { path: ROTATING_PATHS, args: paths },
    );
    figures.push(
      `without writes (${QUIET_SECONDS} s): ${quiet.requests} requests, p50 ${ms(quiet.p50Us)}, p99 ${ms(quiet.p99Us)}, errors ${errors(quiet)}`,
    );
    const started = performance.now();
    const until = started + LOAD.seconds * 1000 - 2_000;
    const [load, edits, purchases] = await Promise.all([
      runWrk(cluster.balancer, BROWSER_HEADERS, LOAD, { path: ROTATING_PATHS, args: paths }),
      editEverySecond(cluster, artwork, until),
      Promise.all(
        customers.map(async (customer, i) =>
          buy(cluster, customer, artwork.id, started + FIRST_PURCHASE_MS + i * PURCHASE_SPACING_MS),
        ),
      ),
    ]);

    figures.push(loadFigures(load, paths.length));
    const failedEdits = edits.filter((edit) => edit.status !== 200);
    figures.push(
      `owner: ${edits.length - failedEdits.length}/${edits.length} edits answered 200 (p99 ${percentile(
        edits.map((e) => e.ms),
        99,
      ).toFixed(0)} ms)`,
    );
    const failedPurchases = purchases.filter((p) => p.failure !== null);
    figures.push(
      `${purchases.length - failedPurchases.length}/${purchases.length} purchases paid and confirmed during the load (p50 ${seconds(
        percentile(
          purchases.map((p) => p.ms),
          50,
        ),
      )} each)`,
    );
    check(
      errors(load) === 0 && errors(quiet) === 0,
      `the load met errors: ${JSON.stringify(load)}, without writes ${JSON.stringify(quiet)}`,
    );
    check(failedEdits.length === 0, `edits answered ${failedEdits.map((e) => e.status).join(', ')}`);
    check(failedPurchases.length === 0, failedPurchases.map((p) => p.failure).join('; '));

    await checkOrders(cluster, purchases, figures);
  },
};

function loadFigures(load: WrkResult, pathCount: number): string {
  const rate = load.requests / (load.durationUs / 1e6);
  return (
    `with writes: ${load.requests} requests over ${pathCount} pages and catalogue URLs in ${(load.durationUs / 1e6).toFixed(0)} s (${rate.toFixed(0)} req/s), ` +
    `p50 ${ms(load.p50Us)}, p99 ${ms(load.p99Us)}, max ${ms(load.maxUs)}; errors ${load.connect + load.read + load.write + load.status}, timeouts ${load.timeout}`
  );
}

/** The owner's edit of the artwork's title, every second through nginx, until `until`. */
async function editEverySecond(cluster: Cluster, artwork: { id: number; ownerCookie: string }, until: number) {
  const answers: Array<{ status: number; ms: number }> = [];
  for (let n = 1; performance.now() < until; n++) {
    const next = performance.now() + EDIT_EVERY_MS;
    const answer = await call(cluster.balancer, 'PUT', `/api/artworks/${artwork.id}`, {
      cookie: artwork.ownerCookie,
      body: { title: `Load edit ${n}` },
    });
    answers.push({ status: answer.status, ms: answer.ms });
    await sleep(Math.max(0, next - performance.now()));
  }
  return answers;
}

/** At `at`: the checkout, the payment at Stripe, then the page's confirmation and Stripe's webhook at once. */
async function buy(cluster: Cluster, customer: Customer, artworkId: number, at: number): Promise<Purchase> {
  await sleep(Math.max(0, at - performance.now()));
  const begun = performance.now();
  const checkout = await startCheckout(cluster.balancer, customer.cookie, customer.account.email, artworkId);
  cluster.stripe.succeedIntent(checkout.paymentIntentId);
  const [confirm, webhook] = await Promise.all([
    call<{ status?: string }>(cluster.balancer, 'POST', '/api/orders/confirm', {
      cookie: customer.cookie,
      body: { paymentIntentId: checkout.paymentIntentId },
    }),
    deliverWithRetries(
      cluster.balancer,
      cluster.webhookSecret,
      cluster.stripe.eventFor('payment_intent.succeeded', checkout.paymentIntentId),
    ),
  ]);
  const failure =
    confirm.status !== 200 || confirm.body.status !== 'paid'
      ? `${customer.account.email}: the confirmation answered ${confirm.status} ${JSON.stringify(confirm.body).slice(0, 200)}`
      : webhook.status !== 200
        ? `${customer.account.email}: the webhook answered ${webhook.status} after ${webhook.attempts} attempts`
        : null;
  return { customer, ...checkout, failure, ms: performance.now() - begun };
}

/** Every payment one paid order with its line, one receipt each at the SMTP server, and the download working. */
async function checkOrders(cluster: Cluster, purchases: Purchase[], figures: string[]): Promise<void> {
  const emails = purchases.map((p) => p.customer.account.email);
  const deadline = performance.now() + RECEIPT_WAIT_MS;
  while (performance.now() < deadline && emails.some((email) => mailsTo(cluster.mail, email, RECEIPT_SUBJECT) === 0))
    await sleep(200);
  await sleep(1_000);
  const facts = await orderFacts(
    cluster.databaseUrl,
    purchases.map((p) => p.paymentIntentId),
  );
  const paid = facts.filter((f) => f.status === 'paid' && f.paid && f.payments === 1 && f.lines > 0);
  const receipts = emails.map((email) => mailsTo(cluster.mail, email, RECEIPT_SUBJECT));
  const downloads = await Promise.all(
    purchases.map(async (p) => {
      const link = await downloadLink(cluster.balancer, p.customer.cookie, p.orderNumber);
      const file = await download(link.url);
      return file.status === 200 && file.bytes.length > 0;
    }),
  );
  figures.push(
    `afterwards: ${paid.length}/${purchases.length} orders paid once with their lines, receipts at SMTP ${receipts.filter((n) => n === 1).length}/${purchases.length} exactly once, downloads ${downloads.filter(Boolean).length}/${purchases.length}`,
  );
  check(
    paid.length === purchases.length,
    `orders: ${JSON.stringify(facts.map((f) => [f.orderNumber, f.status, f.payments, f.lines]))}`,
  );
  check(
    receipts.every((n) => n === 1),
    `receipts per customer ${receipts.join(',')}`,
  );
  check(downloads.every(Boolean), `downloads ${downloads.join(', ')}`);
}
