// HTTP under load: the real store, built as `npm start` builds it, on the demo catalogue (60 artworks,
// a fresh DATA_DIR) and on 100,000 generated artworks, driven with wrk on loopback (1 thread, 50 connections, an
// anonymous visitor: pages with `Accept: text/html`, every request with `Accept-Encoding: br, gzip`). Each URL is
// measured against a bare node:http server answering the very same bytes in the same run. Then, on the same store,
// a signed-in customer's pages and APIs (the session cookie on every request) against >= 1,000 requests/s; and an
// owner's edit of an artwork's title on that store, timed until anonymous visitors of it and of a second store
// process on the same DATA_DIR see it, against <= 5 s. Prints requests/s, p50/p99 latency, errors, the ratio to
// bare node and the edit's delays per URL and size, with the targets (TARGETS in bench-http/report.ts) next to
// them; it does not fail on a missed target. Run with `npm run bench:http` (it builds the client itself, into a
// scratch folder, as bench:web does); see docs/benchmarks.md.
//
// Knobs: BENCH_HTTP_ROUNDS (turns of store then bare node per URL, 3; the median is reported), BENCH_HTTP_SECONDS
// (store load per turn, 3), BENCH_HTTP_BARE_SECONDS (bare node per turn, 3),
// BENCH_HTTP_SIGNED_IN_SECONDS (signed-in load per URL, 5), BENCH_HTTP_CONNECTIONS (50), BENCH_HTTP_ARTWORKS (the
// large catalogue, 100000), BENCH_HTTP_WORD (the search word, `wall`), BENCH_HTTP_SIZES (`demo,large`: which
// catalogues), BENCH_HTTP_PARTS (`anonymous,signed-in,edit`: which measurements), BENCH_HTTP_REFILL=1 (fill the
// large catalogue again instead of reusing .bench/http-cache/), BENCH_HTTP_JSON (a file: every figure as JSON),
// WRK_PATH (/usr/bin/wrk).
// Profile mode: BENCH_HTTP_PROFILE=<request label, e.g. /shop or /api/categories> measures only that URL, with
// the store under node --cpu-prof, and prints where its main thread spent the load (BENCH_HTTP_PROFILE_SIZE: demo
// or large, default demo).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAverage } from '../shared/bench-database';
import { buildClient } from '../shared/build-client';
import { measureEditVisibility, type EditVisibility } from '../shared/edit-visibility';
import { getRaw, headerOf, warmUp, type RawResponse } from '../shared/raw-http';
import { firstArtworkId } from '../shared/store-server';
import { checkWrk, requestsPerSecond, runWrk, WRK_PATH, type LoadSettings, type WrkResult } from '../shared/wrk';
import { startBareServer, type BareServer } from '../shared/bare-server';
import { formatProfile, summariseProfile } from './cpu-profile';
import { dataDirWith, largeCatalog } from '../shared/large-catalog';
import { loadUrl, type StoreHandle } from './load-store';
import { waitUntilIdle } from './process-cpu';
import { formatRatioHeld, formatSize, TARGETS, type SizeResult, type UrlResult, type Verdict } from './report';
import { formatEditVisibility } from './report-edit-visibility';
import { formatSignedIn } from './report-signed-in';
import { API_HEADERS, PAGE_HEADERS } from '../shared/request-headers';
import { benchSignedIn } from './signed-in-load';
import { signIn } from './signed-in-visitor';
import { startStore, type StoreProcess } from '../shared/store-process';
import { waitUntilSettled } from '../shared/wait-until-settled';
import { positiveNumber } from '../shared/env-number';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Turns of store then bare node per URL; the median one is reported. */
const ROUNDS = positiveNumber('BENCH_HTTP_ROUNDS', 3);
const STORE_LOAD: LoadSettings = {
  threads: 1,
  connections: positiveNumber('BENCH_HTTP_CONNECTIONS', 50),
  seconds: positiveNumber('BENCH_HTTP_SECONDS', 3),
  timeoutSeconds: 2,
};
// Bare node's figure settles within a second or two; a shorter run keeps the whole bench near five minutes.
/** A profile samples one longer run. */
const PROFILE_LOAD: LoadSettings = { ...STORE_LOAD, seconds: 10 };
const BARE_LOAD: LoadSettings = { ...STORE_LOAD, seconds: positiveNumber('BENCH_HTTP_BARE_SECONDS', 3) };
// A target of 1,000 requests/s shows within a few seconds; a shorter run keeps the whole bench under 8 minutes.
const SIGNED_IN_LOAD: LoadSettings = { ...STORE_LOAD, seconds: positiveNumber('BENCH_HTTP_SIGNED_IN_SECONDS', 5) };
const LARGE_ARTWORKS = positiveNumber('BENCH_HTTP_ARTWORKS', 100_000);
const WORD = process.env.BENCH_HTTP_WORD || 'wall';
const SIZES = (process.env.BENCH_HTTP_SIZES ?? 'demo,large').split(',').map((size) => size.trim());
if (SIZES.length === 0 || SIZES.some((size) => size !== 'demo' && size !== 'large'))
  throw new Error('BENCH_HTTP_SIZES lists demo and/or large');
const PART_NAMES = ['anonymous', 'signed-in', 'edit'] as const;
const PARTS = (process.env.BENCH_HTTP_PARTS ?? PART_NAMES.join(',')).split(',').map((part) => part.trim());
if (PARTS.length === 0 || PARTS.some((part) => !(PART_NAMES as readonly string[]).includes(part)))
  throw new Error(`BENCH_HTTP_PARTS lists ${PART_NAMES.join(', ')}`);
const REFILL = process.env.BENCH_HTTP_REFILL === '1';
const JSON_FILE = process.env.BENCH_HTTP_JSON;
const PROFILE = process.env.BENCH_HTTP_PROFILE;
const PROFILE_SIZE = process.env.BENCH_HTTP_PROFILE_SIZE ?? 'demo';
if (PROFILE_SIZE !== 'demo' && PROFILE_SIZE !== 'large') throw new Error('BENCH_HTTP_PROFILE_SIZE is demo or large');
// As `npm start` runs it: LOG_LEVEL's default, every request logged (into a file in the scratch folder).
const STORE_LOG_LEVEL = 'info';
const WARM_UP_MS = 1_000;
const WARM_UP_MAX_REQUESTS = 2_000;
/** The owner of decision 0007, made at start from the environment: it signs in to edit an artwork. */
const OWNER = { email: 'owner@example.com', password: randomBytes(12).toString('hex') };
const OWNER_ENV = { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password };
/** After the owner's edit, how long the poll goes on before it is counted as never seen (3 × the target). */
const EDIT_WAIT_LIMIT_MS = 15_000;

interface Target {
  /** The same for every catalogue, e.g. `/artwork/:id (page)`. */
  label: string;
  path: string;
  headers: Record<string, string>;
  /** A POST's JSON body (the funnel's beacon, posted by beacon-posts.lua as a new visitor each time); else a GET. */
  post?: string;
}

/** wrk's script for the beacon: a POST of the body with a User-Agent of its own each time. */
const BEACON_SCRIPT = path.join(import.meta.dirname, 'beacon-posts.lua');
const postScript = (body: string) => ({ path: BEACON_SCRIPT, args: [body] });

function targetsFor(artworkId: number): Target[] {
  const q = encodeURIComponent(WORD);
  const page = (label: string, urlPath: string): Target => ({
    label: `${label} (page)`,
    path: urlPath,
    headers: PAGE_HEADERS,
  });
  const api = (label: string, urlPath: string): Target => ({
    label: `GET ${label}`,
    path: urlPath,
    headers: API_HEADERS,
  });
  return [
    page('/', '/'),
    page('/shop', '/shop'),
    page('/categories', '/categories'),
    page('/artwork/:id', `/artwork/${artworkId}`),
    page(`/shop?q=${WORD}`, `/shop?q=${q}`),
    page('/shop?color=blue&orientation=landscape', '/shop?color=blue&orientation=landscape'),
    api('/api/artworks', '/api/artworks'),
    api('/api/artworks/:id', `/api/artworks/${artworkId}`),
    api('/api/categories', '/api/categories'),
    api(`/api/artworks?q=${WORD}`, `/api/artworks?q=${q}`),
    api('/api/artworks?color=blue&frame=8x10', '/api/artworks?color=blue&frame=8x10'),
    // The artwork page's view, as the app reports it: counting must not slow a visitor.
    {
      label: 'POST /api/funnel/beacon',
      path: '/api/funnel/beacon',
      headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
      post: JSON.stringify({ artworkId, event: 'view', referrer: 'https://www.pinterest.com/pin/1' }),
    },
  ];
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

interface SizeSpec {
  key: 'demo' | 'large';
  label: string;
  short: string;
  dataDir: string;
  seedDemo: boolean;
}

interface Scratch {
  dir: string;
  clientDir: string;
  logFile: string;
}

/** Everything started so far, stopped on the way out whatever happens (Ctrl-C included). */
const running = new Set<{ stop(): Promise<void> }>();

async function launchStore(
  scratch: Scratch,
  size: SizeSpec,
  options: { cpuProfileDir?: string; logFile?: string } = {},
): Promise<StoreProcess> {
  const store = await startStore({
    projectRoot: PROJECT_ROOT,
    dataDir: size.dataDir,
    clientDir: scratch.clientDir,
    seedDemo: size.seedDemo,
    logFile: options.logFile ?? scratch.logFile,
    logLevel: STORE_LOG_LEVEL,
    cpuProfileDir: options.cpuProfileDir,
    env: OWNER_ENV,
  });
  running.add(store);
  return store;
}

async function stopTracked(child: { stop(): Promise<void> }): Promise<void> {
  await child.stop();
  running.delete(child);
}

/** The store of one catalogue size; a restart kills it (dropping what wrk left queued) and starts it again. */
function storeHandle(scratch: Scratch, size: SizeSpec, first: StoreProcess): StoreHandle {
  const handle: StoreHandle = {
    current: first,
    logFile: scratch.logFile,
    restart: async () => {
      await handle.current.kill();
      running.delete(handle.current);
      handle.current = await launchStore(scratch, size);
    },
  };
  return handle;
}

/** Each URL answered once by the store, as the bare server will replay it. */
async function recordAnswers(origin: string, targets: Target[]): Promise<Map<string, RawResponse>> {
  const answers = new Map<string, RawResponse>();
  for (const target of targets)
    answers.set(
      target.path,
      await getRaw(`${origin}${target.path}`, target.headers, {
        timeoutMs: 60_000,
        ...(target.post === undefined ? {} : { method: 'POST', body: target.post }),
      }),
    );
  return answers;
}

async function checkBareAnswers(bare: BareServer, targets: Target[], answers: Map<string, RawResponse>): Promise<void> {
  for (const target of targets) {
    const expected = answers.get(target.path) as RawResponse;
    const got = await getRaw(`${bare.origin}${target.path}`, target.headers, {
      ...(target.post === undefined ? {} : { method: 'POST', body: target.post }),
    });
    if (got.status !== expected.status || !got.body.equals(expected.body))
      throw new Error(`The bare server does not answer ${target.path} as the store did`);
  }
}

/** The anonymous visitor: each URL on the store, then on bare node answering the bytes the store answered. */
async function benchAnonymous(
  scratch: Scratch,
  size: SizeSpec,
  store: StoreHandle,
  targets: Target[],
): Promise<UrlResult[]> {
  const answers = await recordAnswers(store.current.origin, targets);
  const bare = await startBareServer(answers, path.join(scratch.dir, `answers-${size.key}.json`));
  running.add(bare);
  try {
    await checkBareAnswers(bare, targets, answers);
    const urls: UrlResult[] = [];
    for (const target of targets) {
      const answer = answers.get(target.path) as RawResponse;
      // Store and bare node take turns, and the round with the median ratio is the one reported: a shared
      // machine's load moves within seconds, and one long run of each measured them under different loads.
      const rounds: Array<{ store: WrkResult; bare: WrkResult }> = [];
      let restarted = false;
      for (let round = 0; round < ROUNDS; round += 1) {
        const post = target.post === undefined ? undefined : { body: target.post, script: postScript(target.post) };
        const loaded = await loadUrl(
          store,
          target.path,
          target.headers,
          STORE_LOAD,
          round === 0 ? WARM_UP_MS : 100,
          post,
        );
        restarted ||= loaded.restarted;
        await warmUp(`${bare.origin}${target.path}`, target.headers, 100, WARM_UP_MAX_REQUESTS, target.post);
        rounds.push({
          store: loaded.result,
          bare: await runWrk(`${bare.origin}${target.path}`, target.headers, BARE_LOAD, post?.script),
        });
      }
      const ratio = (one: { store: WrkResult; bare: WrkResult }) =>
        requestsPerSecond(one.store) / requestsPerSecond(one.bare);
      const { store: storeResult, bare: bareResult } = [...rounds].sort((a, b) => ratio(a) - ratio(b))[
        Math.floor(rounds.length / 2)
      ] as (typeof rounds)[number];
      urls.push({
        rounds,
        label: target.label,
        path: target.path,
        status: answer.status,
        bytes: answer.body.length,
        encoding: headerOf(answer, 'content-encoding') ?? '',
        store: storeResult,
        bare: bareResult,
        restarted,
      });
      log(
        `${size.short} ${target.label}: store ${requestsPerSecond(storeResult).toFixed(1)} req/s, p99 ${(storeResult.p99Us / 1000).toFixed(1)} ms, ` +
          `${storeResult.timeout} timeouts; bare ${requestsPerSecond(bareResult).toFixed(0)} req/s${restarted ? ' (store restarted: still busy after the load)' : ''}`,
      );
    }
    return urls;
  } finally {
    await stopTracked(bare);
  }
}

/**
 * A second store process on the same DATA_DIR (B), as a second instance behind a load balancer would be; the owner
 * edits on the measured one (A), and anonymous visitors of both are timed until they see the change.
 */
async function benchEditVisibility(
  scratch: Scratch,
  size: SizeSpec,
  storeA: StoreProcess,
  targets: Target[],
  artworkId: number,
): Promise<EditVisibility> {
  const storeB = await launchStore(scratch, size, { logFile: path.join(scratch.dir, 'store-b.log') });
  try {
    const ownerCookie = await signIn(storeA.origin, OWNER.email, OWNER.password);
    const shown = ['/artwork/:id (page)', 'GET /api/artworks/:id', '/shop (page)'];
    const urls = shown.map((label) => targets.find((target) => target.label === label) as Target);
    const instances = [
      { name: 'A (edited on)', origin: storeA.origin },
      { name: 'B', origin: storeB.origin },
    ];
    const result = await measureEditVisibility(instances, ownerCookie, artworkId, urls, EDIT_WAIT_LIMIT_MS);
    const times = result.rows.map(
      (row) => `${row.instance} ${row.label} ${row.seconds === null ? 'never' : `${row.seconds.toFixed(2)} s`}`,
    );
    log(`${size.short} owner edit seen: ${times.join('; ')}`);
    return result;
  } finally {
    await stopTracked(storeB);
  }
}

async function benchSize(scratch: Scratch, size: SizeSpec): Promise<SizeResult> {
  const store = storeHandle(scratch, size, await launchStore(scratch, size));
  try {
    const artworkId = await firstArtworkId(store.current.origin);
    // A fresh demo store makes its room mockups in the background after its first start (children at nice 19,
    // which still take what the load leaves of a core): a visitor's steady state is measured after them, or the
    // first URLs measure the start-up instead.
    if (size.key === 'demo') {
      const waitedMs = await waitUntilSettled(path.join(size.dataDir, 'store.sqlite'));
      log(`${size.short}: waited ${(waitedMs / 1000).toFixed(0)} s for the demo's room mockups`);
    }
    const targets = targetsFor(artworkId);
    log(`${size.short}: store ready at ${store.current.origin}; the artwork pages use id ${artworkId}`);
    const result: SizeResult = { label: size.label, short: size.short, urls: [] };
    if (PARTS.includes('anonymous')) result.urls = await benchAnonymous(scratch, size, store, targets);
    if (PARTS.includes('signed-in')) {
      result.signedIn = await benchSignedIn(store, size.dataDir, artworkId, {
        settings: SIGNED_IN_LOAD,
        warmUpMs: WARM_UP_MS,
        log,
        sizeLabel: size.short,
      });
    }
    if (PARTS.includes('edit'))
      result.editVisibility = await benchEditVisibility(scratch, size, store.current, targets, artworkId);
    return result;
  } finally {
    await stopTracked(store.current);
  }
}

function gitState(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['--no-optional-locks', ...args], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git(
      'status',
      '--porcelain',
      '--',
      'src',
      'scripts/benchmarks/shared/serve-store.ts',
      'package-lock.json',
    )
      .split('\n')
      .filter(Boolean).length;
    return changed > 0
      ? `commit ${commit} with ${changed} changed file(s) under src/`
      : `commit ${commit}, src/ unchanged`;
  } catch {
    return 'commit unknown';
  }
}

function wrkVersion(): string {
  try {
    execFileSync(WRK_PATH, ['-v'], { encoding: 'utf8' });
  } catch (error) {
    // wrk -v prints its banner and exits with 1.
    const output = (error as { stdout?: string }).stdout ?? '';
    return output.split('\n')[0]?.replace(/ Copyright.*/, '') ?? 'wrk';
  }
  return 'wrk';
}

function describeMachine(loadAtStart: string): string[] {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return [
    `machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${wrkVersion()}`,
    `load average (1 min): ${loadAtStart} at the start, ${loadAverage()} at the end`,
    `code: ${gitState()}`,
  ];
}

function sizeSpecs(scratch: Scratch): SizeSpec[] {
  return [
    {
      key: 'demo',
      label: '60 artworks (demo catalogue, fresh DATA_DIR)',
      short: '60',
      dataDir: path.join(scratch.dir, 'data-demo'),
      seedDemo: true,
    },
    {
      key: 'large',
      label: `${LARGE_ARTWORKS.toLocaleString('en')} generated artworks (SEED_DEMO=false)`,
      short: LARGE_ARTWORKS >= 1000 ? `${LARGE_ARTWORKS / 1000}k` : String(LARGE_ARTWORKS),
      dataDir: path.join(scratch.dir, 'data-large'),
      seedDemo: false,
    },
  ];
}

async function prepareData(size: SizeSpec): Promise<string> {
  if (size.key === 'demo') {
    fs.mkdirSync(size.dataDir, { recursive: true });
    return 'a fresh DATA_DIR, the demo catalogue seeded by the store as on a first start';
  }
  const catalog = await largeCatalog(PROJECT_ROOT, LARGE_ARTWORKS, { refill: REFILL, log });
  dataDirWith(catalog.file, size.dataDir);
  return `${catalog.origin}; copied into a fresh DATA_DIR`;
}

async function profileMode(scratch: Scratch, label: string): Promise<void> {
  const size = sizeSpecs(scratch).find((spec) => spec.key === PROFILE_SIZE) as SizeSpec;
  log(`${size.short}: ${await prepareData(size)}`);
  // A first start seeds the demo catalogue (not to be profiled); the profiled start finds it there.
  let store = await launchStore(scratch, size);
  const targets = targetsFor(await firstArtworkId(store.origin));
  const target = targets.find(
    (candidate) =>
      candidate.label.startsWith(`${label} `) || candidate.label === `GET ${label}` || candidate.path === label,
  );
  if (!target)
    throw new Error(`BENCH_HTTP_PROFILE names none of: ${targets.map((candidate) => candidate.label).join(', ')}`);
  await stopTracked(store);

  const profileDir = path.join(scratch.dir, 'cpu-profile');
  store = await launchStore(scratch, size, { cpuProfileDir: profileDir });
  await warmUp(`${store.origin}${target.path}`, target.headers, WARM_UP_MS, WARM_UP_MAX_REQUESTS);
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const result: WrkResult = await runWrk(`${store.origin}${target.path}`, target.headers, PROFILE_LOAD);
  const endUs = Number(process.hrtime.bigint() / 1000n);
  // A graceful stop writes the profile; a store still busy with queued requests is given the time to finish them.
  await waitUntilIdle(store.pid, 60_000);
  await stopTracked(store);
  const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('The store wrote no CPU profile (it did not exit cleanly)');
  const summary = summariseProfile(path.join(profileDir, file), startUs, endUs, PROJECT_ROOT);
  console.log(
    `\n=== CPU profile of the store: ${target.label} at ${size.short}, wrk ${PROFILE_LOAD.connections} connections, ${PROFILE_LOAD.seconds} s ===\n`,
  );
  console.log(
    `store: ${requestsPerSecond(result).toFixed(1)} req/s, p50 ${(result.p50Us / 1000).toFixed(1)} ms, p99 ${(result.p99Us / 1000).toFixed(1)} ms, ${result.timeout} timeouts`,
  );
  console.log(formatProfile(summary, result.requests));
  const kept = path.join(
    os.tmpdir(),
    `bench-http-${size.key}-${target.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.cpuprofile`,
  );
  fs.copyFileSync(path.join(profileDir, file), kept);
  console.log(`\nthe whole profile (open it in Chrome DevTools): ${kept}`);
}

function printSize(size: SizeResult, verdict: Verdict): void {
  if (size.urls.length > 0) {
    console.log(`\n${size.label}, an anonymous visitor:\n`);
    console.log(formatSize(size, STORE_LOAD.timeoutSeconds, verdict));
  }
  if (size.signedIn) {
    console.log(
      `\n${size.label}, signed in as ${size.signedIn.visitor}; wrk ${SIGNED_IN_LOAD.connections} connections, ${SIGNED_IN_LOAD.seconds} s per URL:\n`,
    );
    console.log(formatSignedIn(size.signedIn, SIGNED_IN_LOAD.timeoutSeconds, verdict));
  }
  if (size.editVisibility) {
    console.log(
      `\n${size.label}, an owner's edit on instance A, polled anonymously on A and on B (a second store process on the same DATA_DIR):\n`,
    );
    console.log(formatEditVisibility(size.editVisibility, verdict));
  }
}

async function main(): Promise<void> {
  checkWrk();
  const loadAtStart = loadAverage();
  const started = performance.now();
  // Inside the project (git-ignored): the server build of the client imports React and the rest from node_modules.
  fs.mkdirSync(path.join(PROJECT_ROOT, '.bench'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(PROJECT_ROOT, '.bench', 'http-'));
  const scratch: Scratch = { dir, clientDir: path.join(dir, 'client'), logFile: path.join(dir, 'store.log') };
  const cleanUp = async () => {
    for (const child of [...running]) await stopTracked(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    log('building the client (vite build, as npm run build does, into a scratch folder)...');
    await buildClient(PROJECT_ROOT, scratch.clientDir);
    if (PROFILE) {
      await profileMode(scratch, PROFILE);
      return;
    }
    const results: SizeResult[] = [];
    const notes: string[] = [];
    for (const size of sizeSpecs(scratch).filter((spec) => SIZES.includes(spec.key))) {
      notes.push(`${size.short}: ${await prepareData(size)}`);
      results.push(await benchSize(scratch, size));
    }

    const heading =
      `wrk: ${STORE_LOAD.threads} thread, ${STORE_LOAD.connections} connections; per URL ${ROUNDS} turns of ${STORE_LOAD.seconds} s on the store then ${BARE_LOAD.seconds} s on bare node ` +
      `(after ${WARM_UP_MS / 1000} s of requests one at a time to warm up), the turn with the median ratio shown; timeout ${STORE_LOAD.timeoutSeconds} s`;
    console.log(
      `\n=== HTTP under load: the store against bare node answering the same bytes; a signed-in visitor; an owner's edit on two instances ===\n`,
    );
    for (const line of [heading, ...describeMachine(loadAtStart), ...notes]) console.log(line);
    console.log(
      `store: NODE_ENV=production, LOG_LEVEL=${STORE_LOG_LEVEL} (the default) into a file, SQLite, the client built into the scratch folder`,
    );
    console.log(
      `headers: pages Accept: text/html; every request Accept-Encoding: br, gzip; no cookies (an anonymous visitor) unless signed in`,
    );
    console.log(
      `targets: store/bare >= ${TARGETS.ratioToBare}, p99 <= ${TARGETS.p99Ms} ms, ${TARGETS.errors} errors (non-2xx/3xx, socket errors, timeouts); ` +
        `store/bare at the large catalogue >= ${TARGETS.ratioHeldAtLargeCatalogue} x the ratio at 60; ` +
        `signed in >= ${TARGETS.signedInRequestsPerSecond.toLocaleString('en')} req/s without errors; an owner's edit seen on every instance within ${TARGETS.editVisibleSeconds} s`,
    );
    const verdict: Verdict = { passed: 0, total: 0 };
    for (const size of results) printSize(size, verdict);
    const [small, large] = results;
    if (small?.urls.length && large?.urls.length) {
      console.log(`\nDoes the ratio hold as the catalogue grows?\n`);
      console.log(formatRatioHeld(small, large, verdict));
    }
    console.log(
      `\n${verdict.passed === verdict.total ? 'Every target met.' : `${verdict.passed} of ${verdict.total} targets met.`} ` +
        `(p99 ">2000": more than 1% of the requests took longer than wrk's ${STORE_LOAD.timeoutSeconds} s timeout.) ` +
        `The whole bench took ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
    if (JSON_FILE) {
      const figures = {
        load: STORE_LOAD,
        bareLoad: BARE_LOAD,
        signedInLoad: SIGNED_IN_LOAD,
        word: WORD,
        loadAverage: [loadAtStart, loadAverage()],
        results,
      };
      fs.writeFileSync(JSON_FILE, JSON.stringify(figures, null, 1));
      console.log(`figures as JSON: ${JSON_FILE}`);
    }
  } finally {
    log('stopping the servers and removing the scratch folder...');
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:http failed:', error);
    process.exit(1);
  },
);
