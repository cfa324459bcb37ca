// Web performance benchmark: builds the client (into a scratch folder), measures the JavaScript a visitor's
// first load of / needs, then starts the real store with a scratch DATA_DIR and runs Lighthouse (mobile,
// simulated throttling, performance only) on /, /shop, one artwork page and one set page. Then it loads the same pages in Chromium
// throttled for real (slow 4G, CPU 4x) for LCP, the time until the app has hydrated and INP of typing into the shop
// search and of Add to Cart. It prints figures and which targets they meet; it does not fail on a missed target.
// Run with `npm run bench:web`; see docs/web-performance.md.
//
// BENCH_WEB_RUNS: Lighthouse runs per page (default 3). BENCH_WEB_REPORT_DIR: keep every Lighthouse JSON there.
// CHROME_PATH: the Chromium to use (default /usr/bin/chromium). BENCH_WEB_THROTTLING=devtools: throttle the browser
// for real instead of simulating (a second opinion; the targets are set for the simulation).
// BENCH_WEB_SAVE=file.json keeps the real-throttling figures; BENCH_WEB_BEFORE=file.json (another run's, of the code
// before a change) adds the targets "hydration no slower, INP no worse, within the spread of three runs".
import fs from 'node:fs';
import path from 'node:path';
import type { Result } from 'lighthouse';
import { scriptsFetchedOnLoad } from './browser-js';
import { checksAgainstBefore, saveFigures } from './against-before';
import { formatTargetChecks, type TargetCheck } from '../shared/target-checks';
import { buildClient } from '../shared/build-client';
import { staticFirstLoad } from './first-load-js';
import { measurePage, SLOW_4G, type InteractionName } from './interactivity';
import { findingsOf, medianMetrics, metricsOf, representativeRun } from './lighthouse-findings';
import { runLighthouse, type Throttling } from './lighthouse-runs';
import {
  formatFirstLoad,
  formatInteractivity,
  formatLighthouse,
  TARGETS,
  type InteractivityResult,
  type PageResult,
} from './report';
import { launchChromium } from '../shared/launch-chromium';
import { firstArtworkId, firstSetId, startStoreServer, type StoreServer } from '../shared/store-server';
import { waitUntilSettled } from '../shared/wait-until-settled';
import { inlineScriptHashes } from '#server/http/security-headers.ts';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3) || 3);
const REPORT_DIR = process.env.BENCH_WEB_REPORT_DIR;
const THROTTLING: Throttling = process.env.BENCH_WEB_THROTTLING === 'devtools' ? 'devtools' : 'simulate';

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

async function lighthousePage(origin: string, pagePath: string): Promise<PageResult> {
  const results: Result[] = [];
  const errors: string[] = [];
  // Chromium now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is
  // retried, with at most RUNS attempts more than runs.
  for (let attempt = 1; results.length < RUNS && attempt <= RUNS * 2; attempt++) {
    const run = results.length + 1;
    const started = performance.now();
    try {
      const lhr = await runLighthouse(`${origin}${pagePath}`, CHROME_PATH, THROTTLING);
      results.push(lhr);
      if (REPORT_DIR) {
        const name = `${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-run${run}.json`;
        fs.writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(lhr, null, 1));
      }
      const m = metricsOf(lhr);
      log(
        `lighthouse ${pagePath} run ${run}/${RUNS}: perf ${m.performance}, LCP ${Math.round(m.lcpMs)} ms (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      log(`lighthouse ${pagePath} run ${run}/${RUNS} failed (attempt ${attempt}): ${errors.at(-1)}`);
    }
  }
  const runs = results.map(metricsOf);
  return {
    path: pagePath,
    runs,
    median: runs.length > 0 ? medianMetrics(runs) : null,
    findings: results.length > 0 ? findingsOf(representativeRun(results), origin) : null,
    errors,
  };
}

/** Loads each page RUNS times under real throttling, alternating the pages so a noisy moment does not hit one alone. */
async function interactivity(
  origin: string,
  pages: Array<{ path: string; interaction?: InteractionName }>,
): Promise<InteractivityResult[]> {
  const browser = await launchChromium(CHROME_PATH);
  try {
    const results: InteractivityResult[] = pages.map((page) => ({ ...page, runs: [], errors: [] }));
    for (let run = 1; run <= RUNS; run++) {
      for (const result of results) {
        try {
          const measured = await measurePage(browser, `${origin}${result.path}`, result.interaction);
          result.runs.push(measured);
          const inp = measured.interaction ? `, INP ${Math.round(measured.interaction.inpMs)} ms` : '';
          log(
            `throttled ${result.path} run ${run}/${RUNS}: LCP ${Math.round(measured.load.lcpMs)} ms, hydrated ${Math.round(measured.load.hydratedMs)} ms${inp}`,
          );
        } catch (error) {
          result.errors.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
          log(`throttled ${result.path} run ${run}/${RUNS} failed: ${result.errors.at(-1)}`);
        }
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * The early-input recorder is an inline script, allowed by its hash, which the server computes at start from the
 * index.html it is told about (dist/client unless app.ts passes its client folder on). Checked on the page as served.
 */
async function inlineScriptsAllowed(origin: string): Promise<TargetCheck> {
  const response = await fetch(`${origin}/`, { headers: { accept: 'text/html' } });
  const html = await response.text();
  const csp = response.headers.get('content-security-policy') ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
  const hashes = inlineScriptHashes(html);
  const refused = hashes.filter((hash) => !scriptSrc.includes(hash));
  return {
    what: 'inline scripts of / allowed by the CSP',
    value: `${hashes.length - refused.length} of ${hashes.length}`,
    target: 'all',
    pass: refused.length === 0,
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH}: set CHROME_PATH`);
  process.env.CHROME_PATH = CHROME_PATH;
  if (REPORT_DIR) fs.mkdirSync(REPORT_DIR, { recursive: true });

  // One scratch folder for the build and the store's DATA_DIR, removed at the end.
  // Inside the project (git-ignored): the server build of the client imports React and the rest from node_modules.
  fs.mkdirSync(path.join(PROJECT_ROOT, '.bench'), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(PROJECT_ROOT, '.bench', 'web-'));
  const clientDir = path.join(scratch, 'client');
  const dataDir = path.join(scratch, 'data');
  fs.mkdirSync(dataDir);
  let server: StoreServer | null = null;
  const cleanUp = async () => {
    await server?.stop();
    server = null;
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    log('building the client (vite build, same config as npx vite build, into a scratch folder)...');
    const client = await buildClient(PROJECT_ROOT, clientDir);
    const firstLoad = staticFirstLoad(PROJECT_ROOT, client);

    log('starting the store with a scratch DATA_DIR (the demo catalogue is seeded first)...');
    server = await startStoreServer(PROJECT_ROOT, { dataDir, clientDir });
    log(`store ready at ${server.origin}; waiting for its room mockups to be made...`);
    const waitedMs = await waitUntilSettled(path.join(dataDir, 'store.sqlite'));
    log(`settled after ${(waitedMs / 1000).toFixed(1)} s`);
    const origin = server.origin;
    const artworkId = await firstArtworkId(origin);
    const setId = await firstSetId(origin);
    const fetched = await scriptsFetchedOnLoad(`${origin}/`, CHROME_PATH);
    const csp = await inlineScriptsAllowed(origin);
    const pages: PageResult[] = [];
    for (const pagePath of ['/', '/shop', `/artwork/${artworkId}`, `/sets/${setId}`])
      pages.push(await lighthousePage(origin, pagePath));
    log('loading the pages in Chromium throttled for real (slow 4G, CPU 4x) for LCP, hydration and INP...');
    const throttled = await interactivity(origin, [
      { path: '/' },
      { path: '/shop', interaction: 'type into the shop search' },
      { path: `/artwork/${artworkId}`, interaction: 'Add to Cart' },
      { path: `/sets/${setId}` },
    ]);

    const bundle = formatFirstLoad(firstLoad, fetched);
    const lighthouseReport = formatLighthouse(pages);
    const interactivityReport = formatInteractivity(throttled);
    console.log(`\n=== First-load JavaScript of / (target <= ${TARGETS.firstLoadGzipKb} kB gzip) ===\n`);
    console.log(bundle.text);
    console.log(
      `\n=== Lighthouse ${RUNS}x per page: mobile, ${THROTTLING === 'simulate' ? 'simulated' : 'DevTools'} throttling, performance only ===\n`,
    );
    console.log(lighthouseReport.text);
    const network = `${SLOW_4G.latencyMs} ms per request, ${((SLOW_4G.downloadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbit/s down`;
    console.log(
      `\n=== Throttled for real (DevTools protocol: ${network}, CPU ${SLOW_4G.cpuSlowdown}x), ${RUNS}x per page ===\n`,
    );
    console.log(interactivityReport.text);
    console.log('\n=== Targets ===\n');
    if (process.env.BENCH_WEB_SAVE) saveFigures(process.env.BENCH_WEB_SAVE, throttled);
    const againstBefore = process.env.BENCH_WEB_BEFORE
      ? checksAgainstBefore(process.env.BENCH_WEB_BEFORE, throttled)
      : [];
    console.log(
      formatTargetChecks([
        ...bundle.checks,
        csp,
        ...lighthouseReport.checks,
        ...interactivityReport.checks,
        ...againstBefore,
      ]),
    );
    if (REPORT_DIR) console.log(`\nLighthouse JSON reports kept in ${REPORT_DIR}`);
  } finally {
    log('stopping the store and removing the scratch folder...');
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:web failed:', error);
    process.exit(1);
  },
);
