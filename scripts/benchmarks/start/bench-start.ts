// npm run bench:start: the store's start as a new user runs it, `npm start` in the project folder on a scratch
// data folder. The first start (which draws the demo catalogue) once, then later starts on the same folder
// (BENCH_START_RUNS, default 3). For each: time from `npm start` to /api/ready answering, the peak memory (RSS) of
// the whole process tree until then, sampled every 50 ms from /proc, and 10 s after ready the idle RSS of each
// process (npm, the shell npm runs the script in, the store). Builds first if the build is stale, untimed.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, INHERITED_VARIABLES_TO_DROP } from '../shared/launch-store';
import { signalGroup, stopGroup } from '../shared/process-group';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');
const LATER_RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const IDLE_WAIT_MS = 10_000;
const SAMPLE_MS = 50;

interface Run {
  readyMs: number;
  peakMb: number;
  /** Idle RSS in MB by process, the store last. */
  idle: Array<{ command: string; mb: number }>;
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) =>
        fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
  } catch {
    return [];
  }
}

function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}

function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 60);
  } catch {
    return '?';
  }
}

async function isReady(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

async function startOnce(dataDir: string): Promise<Run> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_VARIABLES_TO_DROP) delete env[name];
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: PROJECT_ROOT, env, stdio: 'ignore', detached: true });
  const pid = child.pid;
  if (pid === undefined) throw new Error('npm start did not start');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let running = true;
  void exited.then(() => (running = false));
  const origin = `http://127.0.0.1:${port}`;
  let peakMb = 0;
  for (;;) {
    if (!running) throw new Error('npm start exited before the store was ready');
    peakMb = Math.max(
      peakMb,
      processTree(pid).reduce((sum, p) => sum + rssMb(p), 0),
    );
    if (await isReady(origin)) break;
    if (performance.now() - started > 300_000) throw new Error('the store was not ready within 300 s');
    await sleep(SAMPLE_MS);
  }
  const readyMs = performance.now() - started;
  await sleep(IDLE_WAIT_MS);
  const idle = processTree(pid).map((p) => ({ command: commandOf(p), mb: rssMb(p) }));
  await stopGroup(pid, exited, 20_000);
  signalGroup(pid, 'SIGKILL');
  return { readyMs, peakMb, idle };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const mb = (value: number) => `${value.toFixed(0)} MB`;

function describe(name: string, run: Run): string[] {
  const tree = run.idle.reduce((sum, p) => sum + p.mb, 0);
  return [
    `${name}: ready in ${(run.readyMs / 1000).toFixed(2)} s, peak ${mb(run.peakMb)} until ready, idle ${mb(tree)} in all`,
    ...run.idle.map((p) => `    ${mb(p.mb).padStart(7)}  ${p.command}`),
  ];
}

execFileSync('node', ['scripts/build/build-if-stale.js'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
try {
  console.log(
    `npm start on a new data folder, then ${LATER_RUNS} later starts on it (Node ${process.version}, ${os.cpus().length} cores)`,
  );
  const first = await startOnce(dataDir);
  console.log(describe('first start', first).join('\n'));
  const later: Run[] = [];
  for (let i = 0; i < LATER_RUNS; i++) {
    later.push(await startOnce(dataDir));
    console.log(describe(`later start ${i + 1}`, later[i] as Run).join('\n'));
  }
  const storeIdle = later.map((run) => run.idle[run.idle.length - 1]?.mb ?? NaN);
  console.log(
    `later starts, median of ${LATER_RUNS}: ready in ${(median(later.map((r) => r.readyMs)) / 1000).toFixed(2)} s, ` +
      `peak ${mb(median(later.map((r) => r.peakMb)))}, the store process idle ${mb(median(storeIdle))}`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
