// Reads what matters out of Lighthouse results: the four target metrics (and two for context), medians over
// runs, and for one representative run the reasons Lighthouse gives: LCP element and phases, layout shift
// culprits, and its failing opportunities and diagnostics with their biggest items.
import type { Result } from 'lighthouse';
import { computeMedianRun as lighthouseMedianRun } from 'lighthouse/core/lib/median-run.js';

// Its declaration names the global LH.Result, which this project does not load: typed here as what it is.
const computeMedianRun = lighthouseMedianRun as (runs: Result[]) => Result;

export interface PageMetrics {
  /** 0-100. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
}

export interface Finding {
  id: string;
  title: string;
  displayValue: string;
  /** Lighthouse's estimate of what fixing it saves, per metric (ms, or unitless for CLS). */
  savings: Record<string, number>;
  /** The heaviest items of its table: a resource and what it costs. */
  items: string[];
}

export interface PageFindings {
  lcpElement: string | null;
  lcpPhases: Array<{ phase: string; ms: number }>;
  layoutShifts: Array<{ element: string; score: number }>;
  /** Failed checks of the "LCP request discovery" insight. */
  lcpDiscovery: string[];
  findings: Finding[];
}

type Audit = Result['audits'][string];
type Details = NonNullable<Audit['details']>;

const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;

export function metricsOf(lhr: Result): PageMetrics {
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    speedIndexMs: numeric(lhr, 'speed-index'),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Each metric's own median over the runs. */
export function medianMetrics(runs: PageMetrics[]): PageMetrics {
  const of = (key: keyof PageMetrics) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    lcpMs: of('lcpMs'),
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    fcpMs: of('fcpMs'),
    speedIndexMs: of('speedIndexMs'),
  };
}

/** The run Lighthouse itself calls the median one (closest to the median FCP and TTI): its findings are shown. */
export const representativeRun = (runs: Result[]): Result => computeMedianRun(runs);

type Row = Record<string, unknown>;

function rowsOf(details: Details | undefined): Row[] {
  if (!details || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items as Row[];
}

function nodeLabel(value: unknown): string {
  const node = value as { selector?: string; nodeLabel?: string } | undefined;
  if (!node?.selector) return '';
  const label = node.nodeLabel?.split('\n')[0]?.slice(0, 40);
  return label ? `${node.selector} ("${label}")` : node.selector;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function describeItem(row: Row, origin: string): string | null {
  const what =
    typeof row.url === 'string'
      ? row.url.replace(origin, '') || '/'
      : nodeLabel(row.node) || (typeof row.groupLabel === 'string' ? row.groupLabel : '');
  if (!what) return null;
  const costs: string[] = [];
  if (typeof row.wastedBytes === 'number' && row.wastedBytes > 0) costs.push(`${kib(row.wastedBytes)} to save`);
  if (typeof row.totalBytes === 'number' && row.totalBytes > 0) costs.push(`${kib(row.totalBytes)} transferred`);
  if (typeof row.wastedMs === 'number' && row.wastedMs > 0) costs.push(`${Math.round(row.wastedMs)} ms`);
  if (typeof row.total === 'number') costs.push(`${Math.round(row.total)} ms CPU`);
  if (typeof row.duration === 'number') costs.push(`${Math.round(row.duration)} ms`);
  if (typeof row.cacheLifetimeMs === 'number') costs.push(`cached ${Math.round(row.cacheLifetimeMs / 60_000)} min`);
  return costs.length > 0 ? `${what}: ${costs.join(', ')}` : what;
}

const savingsWeight = (savings: Record<string, number>) =>
  Math.max(savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0) + (savings.CLS ?? 0) * 10_000;

function positiveSavings(metricSavings: Audit['metricSavings']): Record<string, number> {
  const savings: Record<string, number> = {};
  for (const [metric, value] of Object.entries(metricSavings ?? {})) {
    if (typeof value === 'number' && value > 0) savings[metric] = value;
  }
  return savings;
}

const SHOWN_APART = new Set(['largest-contentful-paint-element', 'layout-shifts']);

export function findingsOf(lhr: Result, origin: string, maxItems = 3): PageFindings {
  const lcpAudit = lhr.audits['largest-contentful-paint-element'];
  const [elementTable, phaseTable] = rowsOf(lcpAudit?.details);
  const elementRow = rowsOf(elementTable as Details | undefined)[0];
  const lcpPhases = rowsOf(phaseTable as Details | undefined).map((row) => ({
    phase: String(row.phase),
    ms: Number(row.timing),
  }));

  const layoutShifts = rowsOf(lhr.audits['layout-shifts']?.details).map((row) => ({
    element: nodeLabel(row.node),
    score: Number(row.score),
  }));

  const discoveryChecklist = rowsOf(lhr.audits['lcp-discovery-insight']?.details).find(
    (row) => row.type === 'checklist',
  );
  const checks = (discoveryChecklist?.items ?? {}) as Record<string, { label: string; value: boolean }>;
  const lcpDiscovery = Object.values(checks)
    .filter((check) => !check.value)
    .map((check) => check.label);

  const findings: Finding[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.group !== 'diagnostics' || !audit || SHOWN_APART.has(ref.id)) continue;
    if (audit.score === null || audit.score >= 0.9) continue;
    if (!['metricSavings', 'numeric', 'binary'].includes(audit.scoreDisplayMode)) continue;
    findings.push({
      id: ref.id,
      title: audit.title,
      displayValue: audit.displayValue ?? '',
      savings: positiveSavings(audit.metricSavings),
      items: rowsOf(audit.details)
        .map((row) => describeItem(row, origin))
        .filter((item): item is string => item !== null)
        .slice(0, maxItems),
    });
  }
  findings.sort((a, b) => savingsWeight(b.savings) - savingsWeight(a.savings));

  return {
    lcpElement: elementRow ? nodeLabel(elementRow.node) : null,
    lcpPhases,
    layoutShifts,
    lcpDiscovery,
    findings,
  };
}
