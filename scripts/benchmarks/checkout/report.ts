import { percentile } from '../shared/percentile';
import type { RunResult } from './checkout-run';

export const TARGET_PER_SECOND = 200;

export interface SeriesResult {
  engine: string;
  mail: string;
  /**
   * Which orders: `card` (no code), `code` (card orders with a limited code), `free` (a 100 % code, no payment) or
   * `guest` (card orders of buyers without an account).
   */
  series: string;
  runs: RunResult[];
  /** Failures, duplicates or misses in the warm-up, which is checked like a run but not timed. */
  warmUpProblems: number;
}

function median(values: number[]): number {
  return percentile(values, 50);
}

export function perSecond(run: RunResult): number {
  return run.orders / (run.wallMs / 1000);
}

export interface SeriesFigures {
  orders: number;
  perSecond: number;
  runsPerSecond: number[];
  wallSeconds: number;
  cpuMsPerOrder: number;
  p50: number;
  p99: number;
  duplicates: number;
  missing: number;
  non200: number;
  redeliveryFailed: number;
  redeliveryUnchanged: boolean;
  receiptsMatchOutbox: boolean;
}

/** Every figure is the median of the runs' own figures; the checks add up over all runs. */
export function figuresOf(series: SeriesResult): SeriesFigures {
  const { runs } = series;
  return {
    orders: runs[0]?.orders ?? 0,
    perSecond: median(runs.map(perSecond)),
    runsPerSecond: runs.map(perSecond),
    wallSeconds: median(runs.map((r) => r.wallMs / 1000)),
    cpuMsPerOrder: median(runs.map((r) => r.cpuMs / r.orders)),
    p50: median(
      runs.map((r) =>
        percentile(
          r.timings.map((t) => t.ms),
          50,
        ),
      ),
    ),
    p99: median(
      runs.map((r) =>
        percentile(
          r.timings.map((t) => t.ms),
          99,
        ),
      ),
    ),
    duplicates: runs.reduce((sum, r) => sum + r.check.duplicates, 0),
    missing: runs.reduce((sum, r) => sum + r.check.missing, 0),
    non200: runs.reduce((sum, r) => sum + r.timings.reduce((n, t) => n + t.failures.length, 0), 0),
    redeliveryFailed: runs.reduce((sum, r) => sum + r.redelivery.failed, 0),
    redeliveryUnchanged: runs.every((r) => r.redelivery.unchanged),
    receiptsMatchOutbox: runs.every((r) => r.check.outboxFiles === null || r.check.outboxFiles === r.check.receipts),
  };
}

export function formatReport(results: SeriesResult[]): string {
  const header = [
    'engine'.padEnd(9),
    'mail'.padEnd(12),
    'orders'.padStart(6),
    'wall s'.padStart(7),
    'paid/s'.padStart(7),
    'runs paid/s'.padStart(19),
    'CPU ms/o'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'dup'.padStart(4),
    'miss'.padStart(5),
    'non-200'.padStart(8),
    'again'.padStart(10),
  ].join(' ');
  const lines = results.map((series) => {
    const f = figuresOf(series);
    const verdict = series.engine === 'sqlite' ? (f.perSecond >= TARGET_PER_SECOND ? ' ok' : ' MISSED') : '';
    return (
      [
        series.engine.padEnd(9),
        (series.series === 'card' ? series.mail : `${series.mail}+${series.series}`).padEnd(12),
        String(f.orders).padStart(6),
        f.wallSeconds.toFixed(2).padStart(7),
        f.perSecond.toFixed(0).padStart(7),
        f.runsPerSecond
          .map((v) => v.toFixed(0))
          .join('/')
          .padStart(19),
        f.cpuMsPerOrder.toFixed(2).padStart(8),
        f.p50.toFixed(1).padStart(7),
        f.p99.toFixed(1).padStart(7),
        String(f.duplicates).padStart(4),
        String(f.missing).padStart(5),
        String(f.non200).padStart(8),
        (f.redeliveryFailed === 0 && f.redeliveryUnchanged ? 'unchanged' : `CHANGED/${f.redeliveryFailed}`).padStart(
          10,
        ),
      ].join(' ') + verdict
    );
  });
  const failures = results.flatMap((series) =>
    series.runs
      .flatMap((run) => run.timings.flatMap((t) => t.failures))
      .slice(0, 5)
      .map((failure) => `  ${series.engine}/${series.mail}: ${failure}`),
  );
  // Side by side in one run: each series against the card orders without a code of the same engine and mail.
  const ratios = results
    .filter((series) => series.series !== 'card')
    .flatMap((other) => {
      const card = results.find((s) => s.series === 'card' && s.engine === other.engine && s.mail === other.mail);
      if (!card) return [];
      const ratio = figuresOf(other).perSecond / figuresOf(card).perSecond;
      const verdict = other.series === 'code' ? (ratio >= 0.9 ? ' ok' : ' MISSED (target ≥ 0.90)') : '';
      return [
        `  ${other.engine}/${other.mail}: ${other.series} orders/s ÷ card orders/s ${ratio.toFixed(2)}${verdict}`,
      ];
    });
  const mismatch = results
    .filter((s) => !figuresOf(s).receiptsMatchOutbox)
    .map((s) => `  ${s.engine}/${s.mail}: receipts sent and .eml files in the outbox differ`);
  return [
    header,
    '-'.repeat(header.length),
    ...lines,
    '',
    "paid/s: orders paid per second of wall time (median of the runs); p50/p99: from starting an order's two requests to both answers",
    '(a card order: the webhook and the confirmation; a free order: its request twice at once, as a double click).',
    'CPU ms/o: CPU time of the process (all threads) per order during the timed part; 1000 / it is the ceiling on one free core.',
    'dup: orders with more than one receipt + intents with more than one payment_events row. miss: orders not paid, without receipt or event.',
    'again: every webhook (a free order: its request) sent a second time after the run; orders, payment_events and receipts must stay as they were.',
    ...(ratios.length
      ? ['', 'side by side (code: a limited code on every order, held at the intent, counted when paid):', ...ratios]
      : []),
    ...(failures.length ? ['', 'non-200 answers (first 5 per series):', ...failures] : []),
    ...(mismatch.length ? ['', ...mismatch] : []),
  ].join('\n');
}
