// The visitors' side of a print pack: the public pages under bench:http's load (wrk, 50 connections, one thread),
// in turns of BENCH_VISITOR_SECONDS without a pack being made and while the built store makes packs of the 78 MP
// master, side by side in one run so both halves meet the same machine. Target: the pages' p99 while packs are
// made at most 1.5 times their p99 without, and the store with its cutting child at most 768 MB of RSS.
//
// Each turn starts with one owner's change, as packs are queued by one (an artwork created with the master): the
// catalogue's kept answers are dropped at the start of both kinds of turn, so the comparison is of the packs'
// work alone. A turn with packs queues enough artworks for the worker (one pack at a time) to be busy throughout,
// starts the load once the first is being made, and waits for all to be made before the next turn.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../shared/percentile';
import { cpuSeconds, rssBytes, treeRssBytes } from '../shared/process-tree';
import { firstArtworkId } from '../shared/store-server';
import { table } from '../shared/table';
import { checkWrk, errorCount, requestsPerSecond, runWrk, type WrkResult } from '../shared/wrk';
import { startBuiltStore } from './built-store';
import { watchPacks } from './pack-watch';
import { ownerWithMaster } from './store-owner';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');
const ROTATING_PATHS = path.resolve(import.meta.dirname, '../shared/rotating-paths.lua');
const PAGE_HEADERS = { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' };
const LOOP_PROBE = path.resolve(import.meta.dirname, 'loop-delay-probe.js');
// Short turns, many of them: on a machine shared with other work the p99 of one turn moves by several times
// from one to the next, and the medians of five pairs of turns hold better than those of three longer ones.
const SECONDS = Number(process.env.BENCH_VISITOR_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_VISITOR_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_VISITOR_CONNECTIONS ?? 50);
const TARGET = { p99Ratio: 1.5, rssMb: 768 };
const PACK_LIMIT_MS = 300_000;
const RSS_SAMPLE_MS = 100;

const ms = (us: number) => (us / 1000).toFixed(1);
const mb = (bytes: number) => bytes / 1024 / 1024;
const verdict = (ok: boolean) => (ok ? ' ✅' : ' ❌');

/** The peak of the store's process tree's RSS, per phase, sampled from /proc. */
function rssSampler(pid: number) {
  const peaks = new Map<string, number>();
  const ownPeaks = new Map<string, number>();
  let phase = 'start';
  const timer = setInterval(() => {
    peaks.set(phase, Math.max(peaks.get(phase) ?? 0, treeRssBytes(pid)));
    ownPeaks.set(phase, Math.max(ownPeaks.get(phase) ?? 0, rssBytes(pid)));
  }, RSS_SAMPLE_MS);
  return {
    enter: (name: string) => void (phase = name),
    peak: (name: string) => peaks.get(name) ?? 0,
    /** The store process alone. */
    ownPeak: (name: string) => ownPeaks.get(name) ?? 0,
    stop: () => clearInterval(timer),
  };
}

interface Turn {
  round: number;
  packs: boolean;
  wrk: WrkResult;
  /** Date.now() at the load's start and end, to find the store's event-loop delay over it. */
  from: number;
  to: number;
  /** CPU seconds of the store's own process and of its cutting children over the turn (and the wait after it). */
  cpu: { own: number; children: number };
}

const cpuSince = (pid: number, before: { own: number; children: number }) => {
  const now = cpuSeconds(pid);
  return { own: now.own - before.own, children: now.children - before.children };
};

export async function visitorsStep(master: string): Promise<string> {
  checkWrk();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pack-visitors-'));
  const account = { email: 'owner@bench.example.com', password: `bench-${process.pid}-owner-password` };
  const lines: string[] = [];
  const startedAt = performance.now();
  const loopFile = path.join(dataDir, 'loop-delay.jsonl');
  const store = await startBuiltStore({
    projectRoot: PROJECT_ROOT,
    dataDir,
    owner: account,
    nodeArgs: ['--import', LOOP_PROBE],
    env: { BENCH_LOOP_DELAY_FILE: loopFile },
  });
  const rss = rssSampler(store.pid);
  try {
    lines.push(`  store started (demo catalogue seeded) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    const pages = ['/', '/shop', '/categories', `/artwork/${await firstArtworkId(store.origin)}`, '/shop?q=wall'];
    for (const page of pages) {
      const answer = await fetch(`${store.origin}${page}`, { headers: PAGE_HEADERS });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}`);
    }
    const owner = await ownerWithMaster(store.origin, account, master);
    const watch = watchPacks(owner);
    const load = () =>
      runWrk(
        store.origin,
        PAGE_HEADERS,
        { threads: 1, connections: CONNECTIONS, seconds: SECONDS, timeoutSeconds: 2 },
        { path: ROTATING_PATHS, args: pages },
      );
    try {
      // The first pack, alone: its time (starting crops found too) decides how many a turn needs.
      rss.enter('idle');
      await sleep(1_000);
      rss.enter('first pack');
      const firstId = await owner.createArtwork('Bench Master 0');
      await watch.allReady([firstId], PACK_LIMIT_MS);
      const first = watch.timing(firstId)!;
      const firstSeconds = (first.readyAt! - first.makingAt!) / 1000;
      lines.push(
        `  first pack, no load: ${firstSeconds.toFixed(1)} s (to the ${250} ms poll), store tree peak ${mb(rss.peak('first pack')).toFixed(0)} MB, idle ${mb(rss.peak('idle')).toFixed(0)} MB`,
      );
      const perTurn = Math.max(2, Math.ceil(SECONDS / firstSeconds) + 1);

      rss.enter('warm-up');
      await runWrk(
        store.origin,
        PAGE_HEADERS,
        { threads: 1, connections: CONNECTIONS, seconds: 3, timeoutSeconds: 2 },
        { path: ROTATING_PATHS, args: pages },
      );
      const turns: Turn[] = [];
      const packSeconds: number[] = [];
      let artworks = 1;
      for (let round = 1; round <= ROUNDS; round++) {
        rss.enter('without');
        await owner.touch(firstId);
        const cpuWithout = cpuSeconds(store.pid);
        const fromWithout = Date.now();
        const wrkWithout = await load();
        turns.push({
          round,
          packs: false,
          wrk: wrkWithout,
          from: fromWithout,
          to: Date.now(),
          cpu: cpuSince(store.pid, cpuWithout),
        });

        const ids: number[] = [];
        for (let i = 0; i < perTurn; i++) ids.push(await owner.createArtwork(`Bench Master ${artworks++}`));
        await watch.anyStarted(ids, PACK_LIMIT_MS);
        rss.enter('with');
        const cpuWith = cpuSeconds(store.pid);
        const from = Date.now();
        const wrk = await load();
        const to = Date.now();
        const stillMaking = ids.filter((id) => watch.timing(id)?.status !== 'ready').length;
        await watch.allReady(ids, PACK_LIMIT_MS);
        turns.push({ round, packs: true, wrk, from, to, cpu: cpuSince(store.pid, cpuWith) });
        rss.enter('between');
        if (stillMaking === 0) lines.push(`  round ${round}: every pack was made before the load ended`);
        for (const id of ids) {
          const timing = watch.timing(id)!;
          packSeconds.push((timing.readyAt! - timing.makingAt!) / 1000);
        }
      }
      lines.push(
        report(turns, loopDelays(loopFile), packSeconds, perTurn, mb(rss.peak('with')), mb(rss.peak('without'))),
      );
      lines.push(
        `  the store process alone: peak ${mb(rss.ownPeak('with')).toFixed(0)} MB while packs were made, ${mb(rss.ownPeak('without')).toFixed(0)} MB without, ${mb(rss.ownPeak('first pack')).toFixed(0)} MB during the first pack`,
      );
    } finally {
      await watch.stop();
    }
  } finally {
    rss.stop();
    await store.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

interface LoopDelay {
  at: number;
  p50: number;
  p99: number;
  max: number;
}

function loopDelays(file: string): LoopDelay[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoopDelay);
}

/**
 * The store's event-loop delay over a turn, from its half-second windows: the median of their longest delays (what
 * the loop usually waits) and the longest of all.
 */
function loopDelayOf(delays: LoopDelay[], turn: Turn): { median: number; max: number } {
  const inTurn = delays.filter((delay) => delay.at > turn.from + 500 && delay.at <= turn.to).map((delay) => delay.max);
  return { median: percentile(inTurn, 50), max: Math.max(0, ...inTurn) };
}

function report(
  turns: Turn[],
  delays: LoopDelay[],
  packSeconds: number[],
  perTurn: number,
  rssWith: number,
  rssWithout: number,
): string {
  const rows = turns.map((turn) => [
    String(turn.round),
    turn.packs ? 'packs being made' : 'no pack',
    requestsPerSecond(turn.wrk).toFixed(0),
    ms(turn.wrk.p50Us),
    ms(turn.wrk.p99Us),
    ms(turn.wrk.maxUs),
    String(errorCount(turn.wrk)),
    turn.cpu.own.toFixed(1),
    turn.cpu.children.toFixed(1),
    loopDelayOf(delays, turn).median.toFixed(0),
    loopDelayOf(delays, turn).max.toFixed(0),
  ]);
  const median = (packs: boolean, pick: (wrk: WrkResult) => number) =>
    percentile(
      turns.filter((turn) => turn.packs === packs).map((turn) => pick(turn.wrk)),
      50,
    );
  const p99Without = median(false, (wrk) => wrk.p99Us);
  const p99With = median(true, (wrk) => wrk.p99Us);
  const ratio = p99With / p99Without;
  const rssPeak = Math.max(rssWith, rssWithout);
  return [
    table(
      [
        'round',
        'turn',
        'req/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'errors',
        'CPU s store',
        'CPU s child',
        'loop ms, median',
        'loop ms, max',
      ],
      rows,
      [false, false, true, true, true, true, true, true, true, true, true],
    ),
    `  medians: without p50 ${ms(median(false, (wrk) => wrk.p50Us))} ms, p99 ${ms(p99Without)} ms, ${median(false, requestsPerSecond).toFixed(0)} req/s;` +
      ` with p50 ${ms(median(true, (wrk) => wrk.p50Us))} ms, p99 ${ms(p99With)} ms, ${median(true, requestsPerSecond).toFixed(0)} req/s`,
    `  p99 with ÷ without: ${ratio.toFixed(2)}${verdict(ratio <= TARGET.p99Ratio)} (target ≤ ${TARGET.p99Ratio}; per round ${turns
      .filter((turn) => turn.packs)
      .map((turn) => {
        const without = turns.find((other) => other.round === turn.round && !other.packs)!;
        return (turn.wrk.p99Us / without.wrk.p99Us).toFixed(2);
      })
      .join(', ')})`,
    `  packs under the load: ${packSeconds.length} (${perTurn} a turn), median ${percentile(packSeconds, 50).toFixed(1)} s (${Math.min(...packSeconds).toFixed(1)}–${Math.max(...packSeconds).toFixed(1)} s)`,
    `  peak RSS of the store and its children: ${rssWith.toFixed(0)} MB while packs were made${verdict(rssPeak <= TARGET.rssMb)} (target ≤ ${TARGET.rssMb} MB), ${rssWithout.toFixed(0)} MB without`,
  ].join('\n');
}
