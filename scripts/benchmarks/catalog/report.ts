import type { Engine } from '#server/db/dialect.ts';
import { percentile } from '../shared/percentile';
import type { Timing } from './measure';

/** The catalogue's budget for a request's p95: PostgreSQL answers over a socket, SQLite in the process. */
export const P95_BUDGET_MS: Record<Engine, number> = { sqlite: 20, postgres: 30 };

export interface ScenarioResult {
  engine: Engine;
  scenario: string;
  timings: Timing[];
}

interface Row {
  engine: string;
  label: string;
  count: number;
  p50: number;
  p95: number;
  budget: number;
}

function rowOf(engine: string, label: string, timings: Timing[], budget: number): Row {
  const ms = timings.map((t) => t.ms);
  return { engine, label, count: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), budget };
}

/** One row per scenario, then one indented row per variant when a scenario mixes kinds of request. */
function rowsOf(result: ScenarioResult): Row[] {
  const variants = [...new Set(result.timings.map((t) => t.variant))];
  const budget = P95_BUDGET_MS[result.engine];
  const rows = [rowOf(result.engine, result.scenario, result.timings, budget)];
  if (variants.length > 1) {
    for (const variant of variants) {
      rows.push(
        rowOf(
          '',
          `    ${variant}`,
          result.timings.filter((t) => t.variant === variant),
          budget,
        ),
      );
    }
  }
  return rows;
}

function formatRow(row: Row): string {
  const ratio = row.p95 / row.budget;
  const verdict = ratio <= 1 ? 'ok' : 'MISSED';
  return [
    row.engine.padEnd(9),
    row.label.padEnd(40),
    String(row.count).padStart(5),
    row.p50.toFixed(2).padStart(8),
    row.p95.toFixed(2).padStart(8),
    `${ratio.toFixed(2)}  ${verdict}`.padStart(13),
  ].join(' ');
}

export function formatReport(results: ScenarioResult[]): string {
  const header = [
    'engine'.padEnd(9),
    'scenario'.padEnd(40),
    'reqs'.padStart(5),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'p95/budget'.padStart(13),
  ].join(' ');
  const lines = results.flatMap(rowsOf).map(formatRow);
  return [header, '-'.repeat(header.length), ...lines].join('\n');
}
