// Reads a V8 CPU profile (node --cpu-prof) of the store and sums self time by function over a time window (the
// load), so the start-up before it and the shutdown after it do not count. The profile's clock is the monotonic
// clock process.hrtime reads, in microseconds.
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  /** `name (file:line)`, the file relative to the project (or the package in node_modules). */
  frame: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  /** Sampled time inside the window, idle included. */
  windowMs: number;
  /** Of which the main thread was busy (not "(idle)"). */
  busyMs: number;
  top: SelfTime[];
  /** Busy time by where the code lives: the app's source, each package, Node's own, V8 (GC, program). */
  byOrigin: SelfTime[];
}

function shortFile(url: string, projectRoot: string): string {
  if (!url) return '';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) return file.slice(modules + '/node_modules/'.length);
  return file.startsWith(projectRoot) ? path.relative(projectRoot, file) : file;
}

function originOf(url: string, name: string, projectRoot: string): string {
  if (!url) return name.startsWith('(') ? name : '(native or V8 built-in)';
  if (url.startsWith('node:')) return 'node: (Node.js itself)';
  const file = shortFile(url, projectRoot);
  if (url.includes('/node_modules/')) {
    const parts = file.split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? file);
  }
  if (file.startsWith('src/') || file.startsWith('.bench/') || file.startsWith('dist/')) {
    // The server renderer is the client's code, built into the scratch folder.
    return file.includes('client-server/')
      ? 'client code rendered on the server (built)'
      : file.split('/').slice(0, 3).join('/');
  }
  return file;
}

export function summariseProfile(
  file: string,
  windowStartUs: number,
  windowEndUs: number,
  projectRoot: string,
  topCount = 10,
): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let time = profile.startTime;
  let windowUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    // A sample stands for the time until the next one.
    const duration = profile.timeDeltas[i + 1] ?? 0;
    if (time < windowStartUs || time >= windowEndUs) continue;
    const id = profile.samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + duration);
    windowUs += duration;
  }
  const byFrame = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    const name = frame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idleUs += us;
      continue;
    }
    const where = frame.url ? ` ${shortFile(frame.url, projectRoot)}:${frame.lineNumber + 1}` : '';
    const key = `${name}${where}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + us);
    const origin = originOf(frame.url, name, projectRoot);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + us);
  }
  const busyUs = windowUs - idleUs;
  const ranked = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([frame, us]) => ({ frame, ms: us / 1000, share: busyUs > 0 ? us / busyUs : 0 }));
  return {
    windowMs: windowUs / 1000,
    busyMs: busyUs / 1000,
    top: ranked(byFrame, topCount),
    byOrigin: ranked(byOrigin, topCount),
  };
}

export function formatProfile(summary: ProfileSummary, requests: number): string {
  const perRequest = (ms: number) => (requests > 0 ? `${((ms * 1000) / requests).toFixed(0)} µs/request` : '');
  const lines = [
    `sampled ${(summary.windowMs / 1000).toFixed(1)} s of the load, main thread busy ${(summary.busyMs / 1000).toFixed(1)} s ` +
      `(${((summary.busyMs / Math.max(1, summary.windowMs)) * 100).toFixed(0)}%), ${requests.toLocaleString('en')} requests answered: ${perRequest(summary.busyMs)} of main thread`,
    '',
    'top self time (share of the busy main thread):',
    ...summary.top.map(
      (entry) =>
        `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.ms.toFixed(0).padStart(6)} ms  ${entry.frame}`,
    ),
    '',
    'self time by where the code lives:',
    ...summary.byOrigin.map(
      (entry) =>
        `  ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.ms.toFixed(0).padStart(6)} ms  ${entry.frame}`,
    ),
  ];
  return lines.join('\n');
}
