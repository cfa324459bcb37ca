// What npm run bench:upgrade prints: the slices side by side (pages against bare node, the work done meanwhile),
// the queueing, the projected finish, and each target with pass or MISS as bench:web prints them.
import { table } from '../shared/table';
import type { TargetCheck } from '../shared/target-checks';
import type { Progress, Queueing } from './progress';

export const TARGETS = { pageRatio: 0.5, jobsPerStatement: 100 };

export interface Slice {
  /** Seconds since the store answered, at the slice's end. */
  endS: number;
  storeRps: number;
  bareRps: number;
  storeErrors: number;
  progress: Progress;
  load: string;
}

export interface EngineRun {
  engine: string;
  setup: string;
  start: Progress;
  slices: Slice[];
  queueing: Queueing | null;
  /** The store process exited during the window. */
  died: string | null;
}

const perMinute = (delta: number, ms: number) => (ms > 0 ? (delta * 60_000) / ms : 0);
const fixed = (value: number, digits = 1) => value.toFixed(digits);
const ratioOf = (slice: Slice) => (slice.bareRps > 0 ? slice.storeRps / slice.bareRps : 0);

function hours(remaining: number, ratePerMinute: number): number {
  if (remaining <= 0) return 0;
  return ratePerMinute > 0 ? remaining / ratePerMinute / 60 : Infinity;
}
const formatHours = (value: number) => (Number.isFinite(value) ? `${fixed(value)} h` : 'never at this rate');

export interface Projection {
  mockupsPerMinute: number;
  palettesPerMinute: number;
  packsPerMinute: number;
  mockupHours: number;
  paletteHours: number;
  packsLeft: number;
  /** The later of the mockups' and the palettes' finish; packs follow the mockups (they go first). */
  finishHours: number;
}

export function project(run: EngineRun): Projection | null {
  const last = run.slices.at(-1)?.progress;
  if (!last) return null;
  const ms = last.at - run.start.at;
  const mockupsPerMinute = perMinute(
    last.mockups + last.mockupsFailed - run.start.mockups - run.start.mockupsFailed,
    ms,
  );
  const palettesPerMinute = perMinute(last.palettes - run.start.palettes, ms);
  const packsPerMinute = perMinute(last.packsReady - run.start.packsReady, ms);
  const mockupHours = hours(last.artworks - last.mockups - last.mockupsFailed, mockupsPerMinute);
  const paletteHours = hours(last.artworks - last.palettes, palettesPerMinute);
  const packsLeft = last.packsQueued - last.packsReady;
  const packHours = packsLeft > 0 && packsPerMinute > 0 ? hours(packsLeft, packsPerMinute) : 0;
  return {
    mockupsPerMinute,
    palettesPerMinute,
    packsPerMinute,
    mockupHours,
    paletteHours,
    packsLeft,
    finishHours: Math.max(mockupHours + packHours, paletteHours),
  };
}

export function formatRun(run: EngineRun): { text: string; checks: TargetCheck[] } {
  const out = [`== ${run.engine} ==`, run.setup];
  let previous = run.start;
  const rows = run.slices.map((slice) => {
    const ms = slice.progress.at - previous.at;
    const row = [
      String(Math.round(slice.endS)),
      fixed(slice.storeRps, 0),
      fixed(slice.bareRps, 0),
      `${fixed(ratioOf(slice), 2)}×`,
      String(slice.storeErrors),
      fixed(
        perMinute(
          slice.progress.mockups + slice.progress.mockupsFailed - previous.mockups - previous.mockupsFailed,
          ms,
        ),
      ),
      fixed(perMinute(slice.progress.palettes - previous.palettes, ms)),
      fixed(perMinute(slice.progress.packsReady - previous.packsReady, ms)),
      slice.load,
    ];
    previous = slice.progress;
    return row;
  });
  out.push(
    table(
      ['s', 'store req/s', 'bare req/s', 'ratio', 'errors', 'mockups/min', 'palettes/min', 'packs/min', 'load'],
      rows,
      [true, true, true, true, true, true, true, true, true],
    ),
  );
  if (run.died) out.push(`The store exited during the window: ${run.died}`);

  const q = run.queueing;
  out.push(
    q
      ? `mockup jobs queued: ${q.queued.toLocaleString('en')} in ${q.measured ? '' : '≈'}${Math.round(q.ms).toLocaleString('en')} ms` +
          (q.statements !== null
            ? `, ${q.statements.toLocaleString('en')} statements in ${q.batches} batches`
            : ' (statements not reported: one artwork at a time, three or four statements each)')
      : 'mockup jobs queued: the store did not log it within the window',
  );

  const p = project(run);
  const last = run.slices.at(-1)?.progress;
  if (p && last) {
    out.push(
      `over the window: ${fixed(p.mockupsPerMinute)} mockups/min (${last.mockupsFailed} failed), ${fixed(p.palettesPerMinute)} palettes/min, ${fixed(p.packsPerMinute)} packs/min`,
      `left: ${(last.artworks - last.mockups - last.mockupsFailed).toLocaleString('en')} mockups (${formatHours(p.mockupHours)}), ${(last.artworks - last.palettes).toLocaleString('en')} palettes (${formatHours(p.paletteHours)}), ${p.packsLeft} packs` +
        (p.packsLeft > 0 && p.packsPerMinute === 0 ? ' (made after the mockups: the worker makes those first)' : ''),
      `projected finish of all the work: ${formatHours(p.finishHours)}${p.packsLeft > 0 && p.packsPerMinute === 0 ? ' + the packs' : ''}`,
    );
  }

  const ratios = run.slices.map(ratioOf);
  const minRatio = ratios.length > 0 ? Math.min(...ratios) : 0;
  const checks: TargetCheck[] = [
    {
      what: `${run.engine}: pages against bare node, lowest slice`,
      value: `${fixed(minRatio, 2)}×`,
      target: `≥ ${TARGETS.pageRatio}× in every slice`,
      pass: ratios.length > 0 && minRatio >= TARGETS.pageRatio && !run.died,
    },
    {
      what: `${run.engine}: mockup jobs queued in batches`,
      value:
        q && q.statements !== null
          ? `${fixed(q.queued / Math.max(1, q.statements), 0)} jobs/statement`
          : q
            ? 'one at a time'
            : 'not queued',
      target: `≥ ${TARGETS.jobsPerStatement} jobs/statement`,
      pass: !!q && q.statements !== null && q.queued / Math.max(1, q.statements) >= TARGETS.jobsPerStatement,
    },
    {
      what: `${run.engine}: projected finish`,
      value: p ? formatHours(p.finishHours) : 'no slice',
      target: 'printed',
      pass: !!p && Number.isFinite(p.finishHours),
    },
  ];
  return { text: out.join('\n'), checks };
}
