// PostgreSQL only: scenario k on a catalogue that went through an upgrade rather than a fresh fill. The catalogue is
// filled without palettes, the picture backfill saves every artwork's palette one at a time, owners make 1,000
// edits, and then k is timed, with nothing packing the search table in between (no CLUSTER, no VACUUM FULL).
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { loadAverage, openPostgresBenchDatabase, withBenchDatabase } from '../shared/bench-database';
import { fillCatalog } from '../shared/fill-catalog';
import { table } from '../shared/table';
import { measureScenario, type MeasureOptions } from './measure';
import { P95_BUDGET_MS } from './report';
import { percentile } from '../shared/percentile';
import type { Scenario } from './scenarios';
import { backfillPalettes, formatSizes, ownerEdits, searchTableSizes, type SearchTableSizes } from './upgrade-sequence';

const OWNER_EDITS = 1000;
// Two instances backfilling at once, as a store of two would: the saves of one artwork are the same either way.
const BACKFILL_WORKERS = 2;

export interface UpgradeResult {
  steps: Array<{ step: string; seconds: number; sizes: SearchTableSizes }>;
  scenario: string;
  p50: number;
  p95: number;
  byVariant: Array<{ variant: string; p50: number; p95: number }>;
  load: string;
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function timed(label: string, steps: UpgradeResult['steps'], db: Kysely<Database>, run: () => Promise<string>) {
  const started = performance.now();
  const detail = await run();
  const seconds = (performance.now() - started) / 1000;
  const sizes = await searchTableSizes(db);
  steps.push({ step: label, seconds, sizes });
  log(`postgres upgrade: ${label}${detail ? ` (${detail})` : ''} in ${seconds.toFixed(1)} s; ${formatSizes(sizes)}`);
}

/**
 * Runs the sequence on a schema of its own in `url`, then times `scenario` (k) on it through `buildApp`. The app is
 * built before the backfill, so its start (and whatever it does at start) is part of the sequence.
 */
export async function benchAfterUpgrade(
  url: string,
  artworks: number,
  scenario: Scenario,
  measure: MeasureOptions,
  buildApp: (db: Kysely<Database>) => Promise<FastifyInstance>,
): Promise<UpgradeResult> {
  return withBenchDatabase(
    () => openPostgresBenchDatabase(url),
    async ({ db }) => {
      const steps: UpgradeResult['steps'] = [];
      await timed(`${artworks.toLocaleString('en')} artworks filled without palettes`, steps, db, async () => {
        await fillCatalog(db, artworks, { picturesRead: false });
        return '';
      });
      const app = await buildApp(db);
      try {
        await timed('palette backfill', steps, db, async () => {
          const saved = await backfillPalettes(db, artworks, BACKFILL_WORKERS);
          return `${saved.toLocaleString('en')} artworks saved by ${BACKFILL_WORKERS} workers`;
        });
        await timed(`${OWNER_EDITS.toLocaleString('en')} owner edits`, steps, db, async () => {
          await ownerEdits(app, db, artworks, OWNER_EDITS);
          return 'title, tags and price through PUT /api/artworks/:id';
        });
        const load = loadAverage();
        const timings = await measureScenario(app, scenario, measure);
        const ms = timings.map((t) => t.ms);
        const variants = [...new Set(timings.map((t) => t.variant))];
        return {
          steps,
          scenario: scenario.name,
          p50: percentile(ms, 50),
          p95: percentile(ms, 95),
          byVariant: variants.map((variant) => {
            const of = timings.filter((t) => t.variant === variant).map((t) => t.ms);
            return { variant, p50: percentile(of, 50), p95: percentile(of, 95) };
          }),
          load: `${load} → ${loadAverage()} (${os.cpus().length} cores)`,
        };
      } finally {
        await app.close();
      }
    },
  );
}

/** The sequence's steps with the search table's sizes after each, then k's figures with the target and met/missed. */
export function formatUpgradeReport(result: UpgradeResult): string {
  const budget = P95_BUDGET_MS.postgres;
  const met = result.p95 <= budget;
  const steps = table(
    ['step', 'seconds', 'table MB', 'indexes MB', 'dead rows'],
    result.steps.map((s) => [
      s.step,
      s.seconds.toFixed(1),
      s.sizes.tableMb.toFixed(1),
      s.sizes.indexesMb.toFixed(1),
      String(s.sizes.deadRows),
    ]),
    [false, true, true, true, true],
  );
  const figures = table(
    ['scenario', 'p50 ms', 'p95 ms'],
    [
      [result.scenario, result.p50.toFixed(2), result.p95.toFixed(2)],
      ...result.byVariant.map((v) => [`    ${v.variant}`, v.p50.toFixed(2), v.p95.toFixed(2)]),
    ],
    [false, true, true],
  );
  return [
    'PostgreSQL after an upgrade: palette backfill, then owner edits, nothing packed in between',
    steps,
    '',
    figures,
    `load average ${result.load} while measured`,
    `${met ? 'pass' : 'MISS'}  k after the backfill and ${OWNER_EDITS.toLocaleString('en')} edits: p95 ${result.p95.toFixed(2)} ms, target <= ${budget} ms: ${met ? 'met' : 'missed'}`,
  ].join('\n');
}
