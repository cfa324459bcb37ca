// Checkout throughput benchmark: confirmed payments turned into paid orders per second, with Stripe's webhook and
// the checkout page's confirmation racing for every order, and the count of orders paid or mailed twice (must be 0).
// The real app with the Stripe provider, against the loopback server that speaks Stripe's API. SQLite always;
// PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a database. Run with `npm run bench:checkout`;
// see docs/benchmarks.md. Knobs: BENCH_ORDERS (orders per run, 400), BENCH_RUNS (3), BENCH_WARM_UP (orders paid
// first and not counted, 2 × BENCH_ORDERS), BENCH_CONCURRENCY (orders in flight, 16), BENCH_MAIL (`outbox,memory`:
// which mail providers, in order), BENCH_TRANSPORT (`inject` or `http`), BENCH_CPU_PROFILE (a folder: a CPU profile
// of each timed run is written there), BENCH_SERIES (`card,code,free,guest`: which orders, side by side: card
// orders without a code, card orders with a limited code, free orders of a 100 % code, card orders of guests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Engine } from '#server/db/dialect.ts';
import type { Database } from '#server/db/schema.ts';
import { startStripeProtocolServer, type StripeProtocolServer } from '#test-support/stripe-protocol-server.ts';
import type { BenchDatabase } from '../shared/bench-database';
import { buildCarts, prepareOrders, runCheckout, type OrderKind, type RunResult } from './checkout-run';
import { seededRandom } from '#server/demo/random.ts';
import { benchEachEngine, loadAverage } from '../shared/bench-database';
import { startHttpLoad } from './http-load';
import { injectTransport, transportDriver, type Driver } from './requests';
import type { MailMode } from './receipt-mail';
import { formatReport, perSecond, type SeriesResult } from './report';
import { buildBenchShop, insertArtworks, signInCustomers, type BenchShop, type Customer } from './shop';

function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
}

const ORDERS = positiveInteger('BENCH_ORDERS', 400);
const RUNS = positiveInteger('BENCH_RUNS', 3);
const CONCURRENCY = positiveInteger('BENCH_CONCURRENCY', 16);
// V8 reaches its steady state after about a thousand orders; a shop that has been up a while is there already.
const WARM_UP_ORDERS = positiveInteger('BENCH_WARM_UP', 2 * ORDERS);
const CUSTOMERS = 8;
const ARTWORKS = 40;
const MAIL_MODES = (process.env.BENCH_MAIL ?? 'outbox,memory').split(',').map((m) => m.trim()) as MailMode[];
if (MAIL_MODES.length === 0 || MAIL_MODES.some((m) => m !== 'outbox' && m !== 'memory'))
  throw new Error('BENCH_MAIL lists outbox and/or memory');
const TRANSPORT = process.env.BENCH_TRANSPORT ?? 'inject';
if (TRANSPORT !== 'inject' && TRANSPORT !== 'http') throw new Error('BENCH_TRANSPORT is inject or http');
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE || undefined;
/** A code with a use limit, so each order holds a use at its intent and counts it with its payment: the heavier kind. */
const BENCH_CODE = 'BENCH10';
/** 100 % off, with a use limit too: every cart it is on is free, and completes without a payment. */
const FREE_CODE = 'BENCHFREE';
const SERIES: Record<string, OrderKind> = {
  card: { kind: 'card' },
  code: { kind: 'card', code: BENCH_CODE },
  free: { kind: 'free', code: FREE_CODE },
  guest: { kind: 'card', guest: true },
};
const SERIES_NAMES = (process.env.BENCH_SERIES ?? 'card,code,free,guest').split(',').map((m) => m.trim());
if (SERIES_NAMES.length === 0 || SERIES_NAMES.some((name) => !(name in SERIES)))
  throw new Error(`BENCH_SERIES lists some of ${Object.keys(SERIES).join(', ')}`);

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

interface EngineContext {
  engine: Engine;
  db: Kysely<Database>;
  dataDir: string;
  stripe: StripeProtocolServer;
  artworkIds: number[];
  customers: Customer[];
}

async function oneRun(
  ctx: EngineContext,
  shop: BenchShop,
  driver: Driver,
  orders: number,
  seed: number,
  series: { kind: OrderKind; seen: Set<string> },
  label?: string,
): Promise<RunResult> {
  const seen = series.kind.kind === 'free' ? series.seen : undefined;
  const carts = buildCarts(orders, ctx.customers.length, ctx.artworkIds, seededRandom(seed), seen);
  const prepared = await prepareOrders(shop.app, ctx.stripe, ctx.customers, carts, series.kind);
  return runCheckout(ctx.db, driver, prepared, shop.mail, {
    concurrency: CONCURRENCY,
    profileDir: label ? PROFILE_DIR : undefined,
    label: label ?? 'warm-up',
  });
}

function problemsOf(run: RunResult): string[] {
  const problems = run.timings.flatMap((t) => t.failures);
  if (run.check.duplicates > 0) problems.push(`${run.check.duplicates} orders paid or mailed twice`);
  if (run.check.missing > 0) problems.push(`${run.check.missing} orders not paid, mailed or recorded`);
  if (run.redelivery.failed > 0 || !run.redelivery.unchanged)
    problems.push('delivering the webhooks again changed something');
  return problems;
}

async function benchMailMode(
  ctx: EngineContext,
  mode: MailMode,
  seriesName: string,
  seedBase: number,
): Promise<SeriesResult> {
  const series = { kind: SERIES[seriesName] as OrderKind, seen: new Set<string>() };
  const shop = await buildBenchShop(ctx.db, ctx.dataDir, ctx.stripe, mode);
  let driver: Driver | undefined;
  try {
    driver =
      TRANSPORT === 'http'
        ? startHttpLoad(await shop.app.listen({ host: '127.0.0.1', port: 0 }))
        : transportDriver(injectTransport(shop.app));
    if (ctx.customers.length === 0) ctx.customers.push(...(await signInCustomers(shop.app, ctx.db, CUSTOMERS)));
    // Not counted: lets V8 compile the hot paths and opens the SDK's connections to the loopback Stripe. Checked all the same.
    const warmUp = await oneRun(ctx, shop, driver, WARM_UP_ORDERS, seedBase, series);
    const name = `${ctx.engine}/${mode}${seriesName === 'card' ? '' : `+${seriesName}`}`;
    for (const problem of problemsOf(warmUp).slice(0, 5)) log(`${name}: warm-up: ${problem}`);
    const runs: RunResult[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await oneRun(
        ctx,
        shop,
        driver,
        ORDERS,
        seedBase + run,
        series,
        `${name.replace('/', '-')}-${run}`,
      );
      runs.push(result);
      log(
        `${name}: run ${run}: ${ORDERS} orders in ${(result.wallMs / 1000).toFixed(2)} s, ${perSecond(result).toFixed(0)} paid/s, ` +
          `${(result.cpuMs / ORDERS).toFixed(2)} ms CPU an order`,
      );
    }
    return { engine: ctx.engine, mail: mode, series: seriesName, runs, warmUpProblems: problemsOf(warmUp).length };
  } finally {
    await driver?.close();
    await shop.app.close();
  }
}

async function insertBenchCodes(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  const limited = { kind: 'code', max_uses: 1e9, created_at: now, updated_at: now } as const;
  await db
    .insertInto('discounts')
    .values([
      { ...limited, code: BENCH_CODE, name: BENCH_CODE, percent_off: 10 },
      { ...limited, code: FREE_CODE, name: FREE_CODE, percent_off: 100 },
    ])
    .execute();
}

/** Every paid order with a code spent exactly its own held use, whatever arrived twice. */
async function checkCodeUses(db: Kysely<Database>, engine: string): Promise<void> {
  for (const code of [BENCH_CODE, FREE_CODE]) {
    const { id } = await db.selectFrom('discounts').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const spent = await db
      .selectFrom('discount_reservations')
      .select((eb) => eb.fn.countAll<number | string>().as('spent'))
      .where('discount_id', '=', id)
      .where('status', '=', 'used')
      .executeTakeFirstOrThrow();
    const paid = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('paid'))
      .where('discount_id', '=', id)
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const line = `${engine}: ${code} spent ${Number(spent.spent)} held uses for ${Number(paid.paid)} paid orders with it`;
    console.log(line);
    if (Number(spent.spent) !== Number(paid.paid)) {
      log(`${line}: MISMATCH`);
      process.exitCode = 1;
    }
  }
}

/** Each engine is a store of its own with its own Stripe account: Stripe keeps idempotency keys (order-<id>) per account. */
async function benchEngine(database: BenchDatabase, dataDir: string): Promise<SeriesResult[]> {
  const stripe = await startStripeProtocolServer();
  try {
    const ctx: EngineContext = {
      engine: database.engine,
      db: database.db,
      dataDir: path.join(dataDir, database.engine),
      stripe,
      artworkIds: await insertArtworks(database.db, ARTWORKS),
      customers: [],
    };
    await insertBenchCodes(ctx.db);
    const results: SeriesResult[] = [];
    for (const [index, mode] of MAIL_MODES.entries()) {
      for (const [seriesIndex, seriesName] of SERIES_NAMES.entries())
        results.push(
          await benchMailMode(ctx, mode, seriesName, 1000 * (SERIES_NAMES.length * index + seriesIndex + 1)),
        );
    }
    await checkCodeUses(ctx.db, ctx.engine);
    return results;
  } finally {
    await stripe.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadAverage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-checkout-'));
  try {
    const results = await benchEachEngine(dataDir, (database) => benchEngine(database, dataDir));
    console.log(
      `\n${ORDERS} orders per run, ${RUNS} runs after ${WARM_UP_ORDERS} to warm up, ${CONCURRENCY} orders in flight, ` +
        `requests through ${TRANSPORT === 'http' ? 'HTTP on loopback' : 'app.inject'}, ${CUSTOMERS} customers, carts of 1-4 of ${ARTWORKS} artworks`,
    );
    console.log(
      `machine: ${os.cpus().length} cores, load average ${loadAtStart} at the start, ${loadAverage()} at the end; ${((performance.now() - started) / 1000).toFixed(0)} s in all\n`,
    );
    console.log(formatReport(results));
    const failed = results.some(
      (series) => series.warmUpProblems > 0 || series.runs.some((run) => problemsOf(run).length > 0),
    );
    if (failed) process.exitCode = 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('Benchmark failed:', error);
  process.exit(1);
});
