// Catalogue latency benchmark: fills a scratch database with generated artworks, then times the shop's
// listing API through the real app. SQLite always; PostgreSQL too when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names a database. Run with `npm run bench:catalog`; see docs/benchmarks.md.
// BENCH_ARTWORKS changes the catalogue size (100,000 by default), e.g. for a quick check of the script itself.
// BENCH_ENGINES=sqlite or =postgres runs one engine only; BENCH_SCENARIOS=b,d runs only the scenarios named by
// their letters (both for a quicker look at one change; the figures in docs/benchmarks.md are from full runs).
// On PostgreSQL, when k is measured, k is then measured again on a catalogue after an upgrade (bench-upgrade.ts):
// filled without palettes, every palette saved by the backfill, 1,000 owner edits. BENCH_UPGRADE=only runs that
// alone, BENCH_UPGRADE=0 leaves it out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/schema.ts';
import { benchEachEngine, type BenchDatabase, loadAverage } from '../shared/bench-database';
import { fillCatalog } from '../shared/fill-catalog';
import { measureScenario } from './measure';
import { formatReport, type ScenarioResult } from './report';
import { scenariosFor } from './scenarios';
import { benchAfterUpgrade, formatUpgradeReport } from './bench-upgrade';

const ARTWORKS = Number(process.env.BENCH_ARTWORKS ?? 100_000);
if (!Number.isInteger(ARTWORKS) || ARTWORKS < 1) throw new Error('BENCH_ARTWORKS must be a whole number above 0');
const WARM_UP_REQUESTS = 20;
const MEASURED_REQUESTS = 200;
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const SCENARIO_LETTERS = process.env.BENCH_SCENARIOS?.split(',');
const SCENARIOS = scenariosFor(ARTWORKS).filter(
  (s) => !SCENARIO_LETTERS || SCENARIO_LETTERS.includes(s.name.slice(0, 1)),
);
const UPGRADE = process.env.BENCH_UPGRADE ?? '1';
if (!['0', '1', 'only'].includes(UPGRADE)) throw new Error('BENCH_UPGRADE must be 0, 1 or only');
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function buildBenchApp(db: Kysely<Database>, dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ALLOW_TEST_PAYMENTS: 'true',
  });
  return buildApp({ config, db, clientDir: path.join(dataDir, 'no-client'), logger: false });
}

async function benchEngine(database: BenchDatabase, dataDir: string): Promise<ScenarioResult[]> {
  const fillStarted = performance.now();
  await fillCatalog(database.db, ARTWORKS);
  log(
    `${database.engine}: ${ARTWORKS.toLocaleString('en')} artworks added in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`,
  );

  const app = await buildBenchApp(database.db, dataDir);
  try {
    const results: ScenarioResult[] = [];
    for (const scenario of SCENARIOS) {
      const timings = await measureScenario(app, scenario, { warmUp: WARM_UP_REQUESTS, requests: MEASURED_REQUESTS });
      results.push({ engine: database.engine, scenario: scenario.name, timings });
      log(`${database.engine}: measured ${scenario.name}`);
    }
    return results;
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  try {
    const results =
      UPGRADE === 'only' ? [] : await benchEachEngine(dataDir, (database) => benchEngine(database, dataDir), ENGINES);
    const scenarioK = SCENARIOS.find((s) => s.name.startsWith('k.'));
    const upgrade =
      UPGRADE !== '0' && ENGINES.includes('postgres') && POSTGRES_URL && scenarioK
        ? await benchAfterUpgrade(
            POSTGRES_URL,
            ARTWORKS,
            scenarioK,
            { warmUp: WARM_UP_REQUESTS, requests: MEASURED_REQUESTS },
            (db) => buildBenchApp(db, dataDir),
          )
        : undefined;
    console.log(
      `\n${ARTWORKS.toLocaleString('en')} artworks, ${MEASURED_REQUESTS} requests per scenario after ${WARM_UP_REQUESTS} to warm up`,
    );
    console.log(
      `machine: ${os.cpus().length} cores, load average ${loadAtStart} at the start, ${loadAverage()} at the end\n`,
    );
    if (results.length > 0) console.log(formatReport(results));
    if (upgrade) console.log(`\n${formatUpgradeReport(upgrade)}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('Benchmark failed:', error);
  process.exit(1);
});
