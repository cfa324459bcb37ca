// Plain-text tables of the web benchmark's figures and which targets they meet.
import type { FetchedScript } from './browser-js';
import { sumGzip, sumRaw, type StaticFirstLoad } from './first-load-js';
import type { InteractionName, PageRun } from './interactivity';
import type { TargetCheck } from '../shared/target-checks';
import { median, type PageFindings, type PageMetrics } from './lighthouse-findings';
import { table } from '../shared/table';

export const TARGETS = {
  firstLoadGzipKb: 110,
  performance: 98,
  /** Lighthouse's simulated LCP. */
  lcpMs: 2000,
  /** LCP in Chromium throttled for real; that throttling's floor (the HTML and the picture alone) is about 1.4 s. */
  realLcpMs: 1500,
  cls: 0.05,
  /** Lighthouse's bound for a fast Time to Interactive on mobile. */
  hydratedMs: 3800,
  /** web.dev's bound for a good Interaction to Next Paint. */
  inpMs: 200,
} as const;

export interface PageResult {
  path: string;
  runs: PageMetrics[];
  median: PageMetrics | null;
  findings: PageFindings | null;
  errors: string[];
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function formatFirstLoad(
  load: StaticFirstLoad,
  fetched: FetchedScript[],
): { text: string; checks: TargetCheck[] } {
  const out: string[] = [];
  const role = (fileName: string) => {
    if (load.htmlEntries.includes(fileName)) return 'entry script of index.html';
    if (fileName === load.startupChunk) return 'start-up chunk, imported by the entry';
    if (load.staticFiles.some((file) => file.fileName === fileName)) return 'static import';
    if (fileName === load.routeChunk) return 'lazy chunk of route /';
    return "static import of the route's chunk";
  };
  const predicted = [...load.staticFiles, ...load.routeFiles];
  out.push('From the build (kB = 1000 bytes; gzip at zlib default level):');
  out.push(
    table(
      ['file', 'raw kB', 'gzip kB', 'why it loads'],
      predicted.map((file) => [file.fileName, kb(file.rawBytes), kb(file.gzipBytes), role(file.fileName)]),
      [false, true, true, false],
    ),
  );
  const staticGzip = sumGzip(load.staticFiles);
  const withRouteGzip = staticGzip + sumGzip(load.routeFiles);
  out.push('');
  out.push(
    `  entry and start-up chunk + their static imports, transitively: ${kb(staticGzip)} kB gzip (${kb(sumRaw(load.staticFiles))} kB raw)`,
  );
  if (!load.startupChunk && load.appInEntry)
    out.push('  the app (src/client/main.tsx) is a static import of the entry: fetched at once, beside the stylesheet');
  if (!load.startupChunk && !load.appInEntry)
    out.push('  src/client/main.tsx found neither in the entry nor in a chunk it reaches by import()');
  if (load.routeChunk) {
    out.push(
      `  + the lazy chunk of / and its own static imports:              ${kb(withRouteGzip)} kB gzip (${kb(sumRaw(predicted))} kB raw)`,
    );
  } else {
    out.push('  the lazy chunk of / could not be found in the build (no chunk for home-page.tsx reached by import())');
  }
  if (load.notPreloaded.length > 0)
    out.push(`  static chunks index.html does not modulepreload: ${load.notPreloaded.join(', ')}`);

  const fetchedGzip = fetched.reduce((sum, script) => sum + script.gzipBytes, 0);
  const fetchedRaw = fetched.reduce((sum, script) => sum + script.rawBytes, 0);
  const compressed = fetched.filter((script) => script.contentEncoding !== '');
  out.push('');
  out.push('Fetched by Chromium loading / until the network is idle:');
  out.push(
    table(
      ['file', 'raw kB', 'gzip kB', 'served with'],
      fetched.map((script) => [
        script.path,
        kb(script.rawBytes),
        kb(script.gzipBytes),
        script.contentEncoding || 'no compression',
      ]),
      [false, true, true, false],
    ),
  );
  out.push('');
  out.push(`  total: ${fetched.length} files, ${kb(fetchedGzip)} kB gzip (${kb(fetchedRaw)} kB raw)`);
  if (compressed.length < fetched.length) {
    out.push(
      `  note: ${fetched.length - compressed.length} of them were sent without Content-Encoding, so ${kb(fetchedRaw)} kB went over the wire, not the gzip figure`,
    );
  }
  const predictedPaths = new Set(predicted.map((file) => `/${file.fileName}`));
  const unexpected = fetched.filter((script) => !predictedPaths.has(script.path)).map((script) => script.path);
  const notFetched = [...predictedPaths].filter((p) => !fetched.some((script) => script.path === p));
  if (unexpected.length > 0) out.push(`  fetched but not predicted from the build: ${unexpected.join(', ')}`);
  if (notFetched.length > 0) out.push(`  predicted from the build but not fetched: ${notFetched.join(', ')}`);

  out.push('');
  out.push('What the first-load chunks are made of (share of rendered code before minification):');
  out.push(
    '  ' +
      load.contributors
        .slice(0, 8)
        .map((contributor) => `${contributor.name} ${(contributor.share * 100).toFixed(0)}%`)
        .join(', '),
  );

  out.push('');
  const admin = load.admin;
  if (admin.sources.length === 0) {
    out.push(
      "Admin code in the visitor's bundle: none - no admin source exists yet (src/client/app/pages/admin/, src/client/features/*-admin/).",
    );
  } else if (admin.inFirstLoad.length === 0) {
    out.push(
      `Admin code in the visitor's bundle: none - ${admin.sources.length} admin source file(s) exist, all outside the first load of /.`,
    );
  } else {
    out.push(
      `Admin code in the visitor's bundle: YES - ${admin.inFirstLoad.length} admin module(s) in the first load of /:`,
    );
    for (const { source, chunk } of admin.inFirstLoad) out.push(`  ${source} (in ${chunk})`);
  }
  if (admin.otherAdminNamedModules.length > 0) {
    out.push(
      `  (other first-load modules named after admin, e.g. route guards: ${admin.otherAdminNamedModules.join(', ')})`,
    );
  }

  const checks: TargetCheck[] = [
    {
      what: 'first-load JS of / (browser, gzip)',
      value: `${kb(fetchedGzip)} kB`,
      target: `<= ${TARGETS.firstLoadGzipKb} kB`,
      pass: fetchedGzip / 1000 <= TARGETS.firstLoadGzipKb,
    },
    {
      what: 'first-load JS of / (from the build, no route chunk, gzip)',
      value: `${kb(staticGzip)} kB`,
      target: `<= ${TARGETS.firstLoadGzipKb} kB`,
      pass: staticGzip / 1000 <= TARGETS.firstLoadGzipKb,
    },
    {
      what: "admin code in the visitor's first load",
      value: admin.inFirstLoad.length === 0 ? 'none' : `${admin.inFirstLoad.length} module(s)`,
      target: 'none',
      pass: admin.inFirstLoad.length === 0,
    },
  ];
  return { text: out.join('\n'), checks };
}

const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '-');
const cls = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '-');

export function formatLighthouse(pages: PageResult[]): { text: string; checks: TargetCheck[] } {
  const out: string[] = [];
  const checks: TargetCheck[] = [];
  out.push(
    table(
      ['page', 'perf', 'LCP ms', 'CLS', 'TBT ms', 'FCP ms', 'SI ms', 'runs (perf / LCP ms)'],
      pages.map((page) => {
        const m = page.median;
        const runs = page.runs.map((run) => `${run.performance}/${ms(run.lcpMs)}`).join('  ');
        return m
          ? [
              page.path,
              String(m.performance),
              ms(m.lcpMs),
              cls(m.cls),
              ms(m.tbtMs),
              ms(m.fcpMs),
              ms(m.speedIndexMs),
              runs,
            ]
          : [page.path, '-', '-', '-', '-', '-', '-', 'every run failed'];
      }),
      [false, true, true, true, true, true, true, false],
    ),
  );
  out.push(
    `medians of each metric over the runs; targets: perf >= ${TARGETS.performance}, LCP <= ${TARGETS.lcpMs} ms, CLS <= ${TARGETS.cls} (TBT: no target)`,
  );

  for (const page of pages) {
    if (page.errors.length > 0) {
      out.push(
        `  ${page.path}: ${page.errors.length} attempt(s) failed and were retried: ${[...new Set(page.errors)].join(' | ')}`,
      );
    }
    const m = page.median;
    if (!m) continue;
    checks.push(
      {
        what: `${page.path} performance`,
        value: String(m.performance),
        target: `>= ${TARGETS.performance}`,
        pass: m.performance >= TARGETS.performance,
      },
      {
        what: `${page.path} LCP`,
        value: `${ms(m.lcpMs)} ms`,
        target: `<= ${TARGETS.lcpMs} ms`,
        pass: m.lcpMs <= TARGETS.lcpMs,
      },
      { what: `${page.path} CLS`, value: cls(m.cls), target: `<= ${TARGETS.cls}`, pass: m.cls <= TARGETS.cls },
    );
  }

  for (const page of pages) {
    const f = page.findings;
    if (!f) continue;
    out.push('');
    out.push(`${page.path} - what Lighthouse points at (median run):`);
    if (f.lcpElement) out.push(`  LCP element: ${f.lcpElement}`);
    if (f.lcpPhases.length > 0)
      out.push(`  LCP phases: ${f.lcpPhases.map((phase) => `${phase.phase} ${ms(phase.ms)} ms`).join(', ')}`);
    if (f.lcpDiscovery.length > 0) out.push(`  LCP image discovery, not met: ${f.lcpDiscovery.join('; ')}`);
    for (const shift of f.layoutShifts) out.push(`  layout shift ${cls(shift.score)}: ${shift.element}`);
    for (const finding of f.findings) {
      const savings = Object.entries(finding.savings)
        .map(([metric, value]) => (metric === 'CLS' ? `${metric} -${cls(value)}` : `${metric} -${ms(value)} ms`))
        .join(', ');
      out.push(
        `  * ${finding.title}${finding.displayValue ? ` - ${finding.displayValue}` : ''}${savings ? ` [${savings}]` : ''}`,
      );
      for (const item of finding.items) out.push(`      ${item}`);
    }
  }
  return { text: out.join('\n'), checks };
}

export interface InteractivityResult {
  path: string;
  interaction?: InteractionName;
  runs: PageRun[];
  errors: string[];
}

/** Real-throttling loads: LCP, FCP, the time until the app has hydrated, and INP of the page's interaction. */
export function formatInteractivity(pages: InteractivityResult[]): { text: string; checks: TargetCheck[] } {
  const checks: TargetCheck[] = [];
  const rows = pages.map((page) => {
    const load = (pick: (run: PageRun) => number) => (page.runs.length > 0 ? median(page.runs.map(pick)) : NaN);
    const interactions = page.runs.flatMap((run) => (run.interaction ? [run.interaction] : []));
    const inp = interactions.length > 0 ? median(interactions.map((i) => i.inpMs)) : NaN;
    const hydrated = load((run) => run.load.hydratedMs);
    const lcp = load((run) => run.load.lcpMs);
    if (page.runs.length > 0) {
      checks.push({
        what: `${page.path} LCP (throttled for real)`,
        value: `${ms(lcp)} ms`,
        target: `<= ${TARGETS.realLcpMs} ms`,
        pass: lcp <= TARGETS.realLcpMs,
      });
      checks.push({
        what: `${page.path} time until the app answers (hydrated)`,
        value: `${ms(hydrated)} ms`,
        target: `<= ${TARGETS.hydratedMs} ms`,
        pass: hydrated <= TARGETS.hydratedMs,
      });
    }
    if (page.interaction && interactions.length > 0) {
      checks.push({
        what: `INP, ${page.interaction}`,
        value: `${ms(inp)} ms`,
        target: `<= ${TARGETS.inpMs} ms`,
        pass: inp <= TARGETS.inpMs,
      });
    }
    const runs = page.runs
      .map(
        (run) =>
          `${ms(run.load.lcpMs)}/${ms(run.load.hydratedMs)}${run.interaction ? `/${ms(run.interaction.inpMs)}` : ''}`,
      )
      .join('  ');
    return [
      page.path,
      ms(lcp),
      ms(load((run) => run.load.fcpMs)),
      ms(hydrated),
      page.interaction ?? '-',
      page.interaction ? ms(inp) : '-',
      page.runs.length > 0 ? runs : 'every run failed',
    ];
  });
  const out = [
    table(
      ['page', 'LCP ms', 'FCP ms', 'hydrated ms', 'interaction', 'INP ms', 'runs (LCP / hydrated / INP ms)'],
      rows,
      [false, true, true, true, false, true, false],
    ),
    'medians over the runs; hydrated: navigation start to html[data-ready], when every control of the page answers;',
    `INP: the longest interaction (Event Timing, 16 ms threshold; 0 = every event under 16 ms). Targets: LCP <= ${TARGETS.realLcpMs} ms, hydrated <= ${TARGETS.hydratedMs} ms, INP <= ${TARGETS.inpMs} ms.`,
  ];
  for (const page of pages) {
    if (page.errors.length > 0)
      out.push(`  ${page.path}: ${page.errors.length} load(s) failed: ${[...new Set(page.errors)].join(' | ')}`);
  }
  return { text: out.join('\n'), checks };
}
