import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeRatioFiles } from '#server/modules/print-pack/make-ratio-files.ts';
import { percentile } from '../shared/percentile';
import { treeRssBytes } from '../shared/process-tree';
import { atMostMb, formatTargetChecks } from '../shared/target-checks';

interface PackRun {
  seconds: number;
  /** Peak RSS of the child process that made the files (the store's own process only waits for it). */
  peakMb: number;
  /**
   * Peak RSS of this process and its child together, sampled every 50 ms: this process stands for the store, whose
   * processes are what the pack costs the machine.
   */
  treePeakMb: number;
  /** The six files together. */
  packMb: number;
}

/** Makes the six-ratio pack of `master` into a scratch folder, which is removed afterwards. */
async function measurePack(master: string): Promise<PackRun> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-print-pack-'));
  try {
    let treePeak = treeRssBytes(process.pid);
    const sampler = setInterval(() => (treePeak = Math.max(treePeak, treeRssBytes(process.pid))), 50);
    const started = performance.now();
    const { files, peakRssBytes } = await makeRatioFiles({ master, folder, title: 'Bench Master', artworkId: 1 });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const packBytes = files.reduce((sum, file) => sum + fs.statSync(file.path).size, 0);
    return {
      seconds,
      peakMb: peakRssBytes / 1024 / 1024,
      treePeakMb: treePeak / 1024 / 1024,
      packMb: packBytes / 1024 / 1024,
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const median = (values: number[]) => percentile(values, 50);
const verdict = (value: number, target: number | undefined) =>
  target === undefined ? '' : value <= target ? ' ✅' : ' ❌';

/**
 * The pack of `master` made `runs` times, one after another: median and each time, the child's peak RSS, and the
 * median of the peaks of this process with its child, checked against the target.
 */
export async function packStep(
  master: string,
  runs: number,
  target: { seconds?: number; mb: number },
): Promise<string> {
  const rssBefore = process.memoryUsage().rss;
  const results: PackRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await measurePack(master));
  const rssGrowth = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  const seconds = median(results.map((run) => run.seconds));
  const peak = Math.max(...results.map((run) => run.peakMb));
  const treePeak = median(results.map((run) => run.treePeakMb));
  return [
    `  ${path.basename(master)}: ${results.length} run(s), median ${seconds.toFixed(2)} s${verdict(seconds, target.seconds)}` +
      ` (${results.map((run) => run.seconds.toFixed(2)).join(', ')})`,
    `  peak RSS of the child ${peak.toFixed(0)} MB (${results.map((run) => run.peakMb.toFixed(0)).join(', ')}),` +
      ` pack ${median(results.map((run) => run.packMb)).toFixed(0)} MB`,
    `  peak RSS of this process and the child together ${treePeak.toFixed(0)} MB, median` +
      ` (${results.map((run) => run.treePeakMb.toFixed(0)).join(', ')})`,
    `  RSS of this process (as the store's would): ${(rssBefore / 1024 / 1024).toFixed(0)} MB before the runs,` +
      ` ${rssGrowth >= 0 ? '+' : ''}${rssGrowth.toFixed(0)} MB over them`,
    '',
    formatTargetChecks([
      atMostMb(
        `${path.basename(master)}: the pack's processes, peak (median of ${results.length})`,
        treePeak,
        target.mb,
      ),
    ]),
  ].join('\n');
}
