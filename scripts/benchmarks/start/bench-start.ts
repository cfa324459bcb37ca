// npm run bench:start: the store's start as a new user runs it, `npm start` in the project folder on a scratch
// data folder. The first start (which draws the demo catalogue, then makes its room mockups and reads its palettes
// in the background) once, then later starts on the same folder (BENCH_START_RUNS, default 3). Memory is that of
// the store's processes: the store's node process and its children, summed, sampled every 50 ms from /proc (npm and
// the shell it runs the script in are printed apart, not counted). For each start: the time from `npm start` to
// /api/ready answering and the peak memory until then; for the first start also the peak until its background
// work is done (no child process and the store nearly idle for 5 s); for a later start the memory 10 s after ready.
// The later starts begin once the first start's work is done, so they measure an idle store. Builds first if the
// build is stale, untimed. Targets: the first start's peak ≤ 512 MB, the idle store after a restart ≤ 200 MB.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, INHERITED_VARIABLES_TO_DROP } from '../shared/launch-store';
import { signalGroup, stopGroup } from '../shared/process-group';
import { atMostMb, formatTargetChecks, type TargetCheck } from '../shared/target-checks';
import { argvOf, findStore, processTree, rssMb } from './store-processes';
import { cpuSeconds } from '../shared/process-tree';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');
const LATER_RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const IDLE_WAIT_MS = 10_000;
const SAMPLE_MS = 50;
/** The first start's background work is done once the store has had no child and used under 10 % of a core this long. */
const SETTLE_MS = 5_000;
const SETTLE_CPU_SHARE = 0.1;
const SETTLE_LIMIT_MS = 600_000;
const TARGET = { firstStartPeakMb: 512, idleMb: 200 } as const;

interface Run {
  readyMs: number;
  /** Peak of the store's processes from `npm start` until ready. */
  peakUntilReadyMb: number;
  /** Peak of the store's processes until the background work was done (the first start only). */
  peakUntilSettledMb?: number;
  settledMs?: number;
  /** The store's processes, IDLE_WAIT_MS after ready (or once settled): RSS in MB, the store first. */
  idle: Array<{ command: string; mb: number }>;
  /** npm and the shell, not counted. */
  launcherMb: number;
  loadAverage: number;
}

const storeTreeMb = (store: number | undefined) =>
  store === undefined ? 0 : processTree(store).reduce((sum, pid) => sum + rssMb(pid), 0);

async function isReady(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

async function startOnce(dataDir: string, waitForWork: boolean): Promise<Run> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_VARIABLES_TO_DROP) delete env[name];
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: PROJECT_ROOT, env, stdio: 'ignore', detached: true });
  const npm = child.pid;
  if (npm === undefined) throw new Error('npm start did not start');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let running = true;
  void exited.then(() => (running = false));
  const origin = `http://127.0.0.1:${port}`;
  let store: number | undefined;
  let peakMb = 0;
  const sample = () => {
    store ??= findStore(npm);
    peakMb = Math.max(peakMb, storeTreeMb(store));
  };
  for (;;) {
    if (!running) throw new Error('npm start exited before the store was ready');
    sample();
    if (await isReady(origin)) break;
    if (performance.now() - started > 300_000) throw new Error('the store was not ready within 300 s');
    await sleep(SAMPLE_MS);
  }
  const readyMs = performance.now() - started;
  const peakUntilReadyMb = peakMb;
  if (store === undefined) throw new Error('the store process was not found under npm start');
  const storePid = store;
  let settledMs: number | undefined;
  if (waitForWork) {
    // Quiet since: the last sample with a child, or the start of a window in which the store used the processor.
    let quietSince = performance.now();
    let windowCpu = cpuSeconds(storePid).own;
    let windowStart = performance.now();
    while (settledMs === undefined) {
      sample();
      const now = performance.now();
      if (processTree(storePid).length > 1) quietSince = now;
      if (now - windowStart >= 1_000) {
        const cpu = cpuSeconds(storePid).own;
        if ((cpu - windowCpu) / ((now - windowStart) / 1000) > SETTLE_CPU_SHARE) quietSince = now;
        windowCpu = cpu;
        windowStart = now;
      }
      if (now - quietSince >= SETTLE_MS) settledMs = now - started;
      else if (now - started > SETTLE_LIMIT_MS) throw new Error('the first start was still working after 600 s');
      await sleep(SAMPLE_MS);
    }
  } else {
    const until = performance.now() + IDLE_WAIT_MS;
    while (performance.now() < until) {
      sample();
      await sleep(SAMPLE_MS);
    }
  }
  const idle = processTree(storePid).map((pid) => ({ command: argvOf(pid).join(' ').slice(0, 70), mb: rssMb(pid) }));
  const launcherMb = processTree(npm)
    .filter((pid) => !processTree(storePid).includes(pid))
    .reduce((sum, pid) => sum + rssMb(pid), 0);
  const loadAverage = os.loadavg()[0] ?? 0;
  await stopGroup(npm, exited, 20_000);
  signalGroup(npm, 'SIGKILL');
  return {
    readyMs,
    peakUntilReadyMb,
    ...(waitForWork ? { peakUntilSettledMb: peakMb, settledMs } : {}),
    idle,
    launcherMb,
    loadAverage,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const idleMb = (run: Run) => run.idle.reduce((sum, p) => sum + p.mb, 0);

function describe(name: string, run: Run): string[] {
  const settled =
    run.peakUntilSettledMb === undefined
      ? ''
      : `, background work done at ${seconds(run.settledMs ?? NaN)} with a peak of ${mb(run.peakUntilSettledMb)}`;
  return [
    `${name} (load average ${run.loadAverage.toFixed(2)}): ready in ${seconds(run.readyMs)}, peak ${mb(run.peakUntilReadyMb)} until ready${settled}`,
    `    the store's processes ${run.peakUntilSettledMb === undefined ? `${IDLE_WAIT_MS / 1000} s after ready` : 'then'}: ${mb(idleMb(run))}` +
      ` (npm and its shell besides: ${mb(run.launcherMb)}, not counted)`,
    ...run.idle.map((p) => `    ${mb(p.mb).padStart(7)}  ${p.command}`),
  ];
}

execFileSync('node', ['scripts/build/build-if-stale.js'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
try {
  console.log(
    `npm start on a new data folder, then ${LATER_RUNS} later starts on it (Node ${process.version}, ${os.cpus().length} cores)`,
  );
  const first = await startOnce(dataDir, true);
  console.log(describe('first start', first).join('\n'));
  const later: Run[] = [];
  for (let i = 0; i < LATER_RUNS; i++) {
    later.push(await startOnce(dataDir, false));
    console.log(describe(`later start ${i + 1}`, later[i] as Run).join('\n'));
  }
  const laterIdle = median(later.map(idleMb));
  console.log(
    `later starts, median of ${LATER_RUNS}: ready in ${seconds(median(later.map((r) => r.readyMs)))}, ` +
      `peak ${mb(median(later.map((r) => r.peakUntilReadyMb)))}, the store's processes idle ${mb(laterIdle)}`,
  );
  const checks: TargetCheck[] = [
    atMostMb(
      'first start (demo), peak until its work is done',
      first.peakUntilSettledMb ?? NaN,
      TARGET.firstStartPeakMb,
    ),
    atMostMb(`idle after a restart, median of ${LATER_RUNS}`, laterIdle, TARGET.idleMb),
  ];
  console.log(`\n${formatTargetChecks(checks)}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
