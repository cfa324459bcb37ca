// npm run bench:upgrade: a store of 100,000 artworks restarted on this version after an upgrade that brought room
// mockups and palettes (none made yet; a sample of 200 with real masters whose packs are queued: upgraded-store.ts),
// on SQLite and on PostgreSQL in turn. Over a fixed window it measures, side by side in slices, the visitors' pages
// (wrk, one thread, 50 connections, rotating over the shop's pages, for a few seconds of each slice) against a bare
// node server answering the very same bytes, and the background work done meanwhile (mockups, palettes and packs
// per minute, read from the database). Prints the ratio per slice and its lowest, how the mockup jobs were queued
// (how many statements, how long), the projected time to finish all the work, and each target with pass or MISS.
// It does not fail on a missed target. See docs/benchmarks.md.
//
// Knobs: BENCH_WINDOW_S (600), BENCH_SLICE_S (30), BENCH_TURN_S (load per turn, store then bare, 4),
// BENCH_ENGINES (sqlite,postgres), BENCH_UPGRADE_ARTWORKS (100000), BENCH_DATABASE_URL or TEST_DATABASE_URL
// (PostgreSQL), WRK_PATH.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { benchEachEngine, loadAverage, type BenchDatabase } from '../shared/bench-database';
import { startBareServer } from '../shared/bare-server';
import { buildClient } from '../shared/build-client';
import { fillCatalog } from '../shared/fill-catalog';
import { getRaw, type RawResponse } from '../shared/raw-http';
import { checkWrk, errorCount, requestsPerSecond, runWrk, type LoadSettings } from '../shared/wrk';
import { dataDirWith, largeCatalog } from '../shared/large-catalog';
import { PAGE_HEADERS } from '../shared/request-headers';
import { startStore } from '../shared/store-process';
import { readProgress, readQueueing } from './progress';
import { formatRun, type EngineRun, type Slice } from './report';
import { formatTargetChecks, type TargetCheck } from '../shared/target-checks';
import { prepareUpgradedStore } from './upgraded-store';
import { positiveNumber } from '../shared/env-number';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ROTATING_PATHS = path.resolve(import.meta.dirname, '../shared/rotating-paths.lua');

const WINDOW_S = positiveNumber('BENCH_WINDOW_S', 600);
const SLICE_S = positiveNumber('BENCH_SLICE_S', 30);
const TURN: LoadSettings = {
  threads: 1,
  connections: 50,
  seconds: positiveNumber('BENCH_TURN_S', 4),
  timeoutSeconds: 2,
};
if (2 * TURN.seconds + 2 > SLICE_S) throw new Error('BENCH_SLICE_S must leave room for two turns of BENCH_TURN_S');
const ARTWORKS = positiveNumber('BENCH_UPGRADE_ARTWORKS', 100_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((engine) => engine.trim());

const log = (message: string) => process.stderr.write(`${message}\n`);

/** The store's database as the bench reads it, and what the store is told to open. */
interface StoreDatabase {
  db: Kysely<Database>;
  env: Record<string, string>;
  setup: string;
  close(): Promise<void>;
}

async function storeDatabase(database: BenchDatabase, dataDir: string): Promise<StoreDatabase> {
  if (database.engine === 'sqlite') {
    // bench:http's 100,000 artworks, filled once and cached; the store opens DATA_DIR/store.sqlite.
    const catalog = await largeCatalog(ROOT, ARTWORKS, { refill: false, log });
    dataDirWith(catalog.file, dataDir);
    const db = createDatabase({ sqliteFile: path.join(dataDir, 'store.sqlite') });
    return { db, env: {}, setup: catalog.origin, close: () => db.destroy() };
  }
  const started = performance.now();
  log(`filling PostgreSQL with ${ARTWORKS.toLocaleString('en')} generated artworks...`);
  await fillCatalog(database.db, ARTWORKS);
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const schema = rows[0]?.schema;
  if (!url || !schema) throw new Error('No PostgreSQL database to give the store');
  const storeUrl = new URL(url);
  storeUrl.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    db: database.db,
    env: { DATABASE_URL: storeUrl.toString() },
    setup: `filled in ${((performance.now() - started) / 1000).toFixed(0)} s into schema ${schema}`,
    close: () => Promise.resolve(),
  };
}

async function recordAnswers(origin: string, paths: string[]): Promise<Map<string, RawResponse>> {
  const answers = new Map<string, RawResponse>();
  for (const urlPath of paths) {
    const answer = await getRaw(`${origin}${urlPath}`, PAGE_HEADERS, { timeoutMs: 60_000 });
    if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}`);
    answers.set(urlPath, answer);
  }
  return answers;
}

async function runEngine(database: BenchDatabase, scratch: string, clientDir: string): Promise<EngineRun> {
  const dataDir = path.join(scratch, `${database.engine}-data`);
  fs.mkdirSync(dataDir, { recursive: true });
  const store = await storeDatabase(database, dataDir);
  try {
    log(`${database.engine}: dropping mockups and palettes, writing pictures and masters...`);
    const prepared = await prepareUpgradedStore(store.db, dataDir);
    const setup = `${store.setup}; ${prepared.pictures.toLocaleString('en')} picture files (hard links), ${prepared.sampleIds.length} masters with queued packs, prepared in ${prepared.seconds.toFixed(0)} s`;
    const first = await store.db
      .selectFrom('artworks')
      .select('id')
      .orderBy('id')
      .offset(2)
      .limit(1)
      .executeTakeFirstOrThrow();
    // The shop's pages, an artwork whose mockups land early in the window and one of the sample.
    const paths = [
      '/',
      '/shop',
      '/categories',
      `/artwork/${first.id}`,
      `/artwork/${prepared.sampleIds[0]}`,
      '/shop?q=wall',
    ];

    const logFile = path.join(dataDir, 'store.log');
    const tmpDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(tmpDir, { recursive: true });
    log(`${database.engine}: starting the store...`);
    const launched = await startStore({
      projectRoot: ROOT,
      dataDir,
      clientDir,
      seedDemo: false,
      logFile,
      logLevel: 'info',
      env: { ...store.env, TMPDIR: tmpDir },
    });
    const t0 = performance.now();
    const start = await readProgress(store.db);
    const bare = await startBareServer(await recordAnswers(launched.origin, paths), path.join(scratch, 'bare.json'));
    const slices: Slice[] = [];
    let died: string | null = null;
    try {
      for (let end = SLICE_S; end <= WINDOW_S; end += SLICE_S) {
        if (!launched.isRunning()) {
          died = 'exited';
          break;
        }
        const storeRun = await runWrk(`${launched.origin}/`, PAGE_HEADERS, TURN, { path: ROTATING_PATHS, args: paths });
        const bareRun = await runWrk(`${bare.origin}/`, PAGE_HEADERS, TURN, { path: ROTATING_PATHS, args: paths });
        const rest = t0 + end * 1000 - performance.now();
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
        const progress = await readProgress(store.db);
        slices.push({
          endS: (progress.at - t0) / 1000,
          storeRps: requestsPerSecond(storeRun),
          bareRps: requestsPerSecond(bareRun),
          storeErrors: errorCount(storeRun),
          progress,
          load: loadAverage(),
        });
        const last = slices.at(-1)!;
        log(
          `${database.engine} ${Math.round(last.endS)} s: ${last.storeRps.toFixed(0)} / ${last.bareRps.toFixed(0)} req/s, mockups ${progress.mockups}, palettes ${progress.palettes}, packs ${progress.packsReady}, load ${last.load}`,
        );
      }
    } finally {
      await bare.stop();
      await launched.stop();
    }
    return { engine: database.engine, setup, start, slices, queueing: readQueueing(logFile), died };
  } finally {
    await store.close();
  }
}

checkWrk();
// Inside the project: the server renderer built into it imports the project's node_modules.
fs.mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
const scratch = fs.mkdtempSync(path.join(ROOT, '.bench', 'upgrade-'));
try {
  log('building the client...');
  const clientDir = path.join(scratch, 'client');
  await buildClient(ROOT, clientDir);
  const runs = await benchEachEngine(
    path.join(scratch, 'bench-db'),
    async (database) => [await runEngine(database, scratch, clientDir)],
    ENGINES,
  );
  const checks: TargetCheck[] = [];
  console.log(
    `bench:upgrade, ${new Date().toISOString().slice(0, 16)} UTC, ${ARTWORKS.toLocaleString('en')} artworks, window ${WINDOW_S} s in slices of ${SLICE_S} s (${TURN.seconds} s of load on the store, then on bare node, in each)`,
  );
  for (const run of runs) {
    const { text, checks: runChecks } = formatRun(run);
    console.log(`\n${text}`);
    checks.push(...runChecks);
  }
  console.log(`\n${formatTargetChecks(checks)}`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
