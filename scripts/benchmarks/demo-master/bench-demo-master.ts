// npm run bench:demo-master: demo print masters drawn as the store draws them on their first read (in the demo
// renderer's child process, straight into a PNG file), each with its time and the child's peak RSS (VmHWM, read
// from /proc while it runs). BENCH_DEMO_SEEDS=1,101 draws only those; by default one artwork per category at
// 4800 × 6000 px, all six blurred abstracts, and the one drawn at 8640 × 10800 px. Linux only (/proc).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildDemoCatalog } from '../../../src/server/demo/demo-catalog';
import { drawDemoMaster } from '../../../src/server/demo/demo-master';
import { LARGE_DEMO_MASTER_SEED } from '../../../src/server/demo/demo-master-size';

const DEFAULT_SEEDS = [1, 101, 102, 103, 104, 105, 106, 201, 301, 401, 501, 601, 701, 801, 901];
const seeds = process.env.BENCH_DEMO_SEEDS?.split(',').map(Number) ?? DEFAULT_SEEDS;

/** The highest VmHWM (peak RSS) of this process's children seen so far, in MB, sampled every 50 ms. */
function watchChildren(): { stop: () => number } {
  let peak = 0;
  const sample = () => {
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
        peak = Math.max(peak, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
      } catch {
        // The process ended between the listing and the read.
      }
    }
  };
  const timer = setInterval(sample, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(peak);
    },
  };
}

const catalogue = buildDemoCatalog();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-demo-master-'));
try {
  console.log(`load ${os.loadavg()[0]?.toFixed(2)}, ${os.cpus().length} cores`);
  for (const seed of seeds) {
    const work = catalogue.find((w) => w.seed === seed);
    const file = path.join(folder, `${seed}.png`);
    const watch = watchChildren();
    const started = performance.now();
    await drawDemoMaster(seed, file);
    const seconds = (performance.now() - started) / 1000;
    // The child ends once idle: a last sample before it does is the one that counts.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const mb = watch.stop();
    const meta = await sharp(file).metadata();
    const size = (fs.statSync(file).size / 1e6).toFixed(1);
    const large = seed === LARGE_DEMO_MASTER_SEED ? ' (the large one)' : '';
    console.log(
      `${String(seed).padStart(4)} ${work?.category.padEnd(10)} ${meta.width} × ${meta.height} px, ${meta.density} DPI: ` +
        `${seconds.toFixed(1)} s, child peak ${mb} MB, ${size} MB PNG${large}`,
    );
    fs.rmSync(file);
  }
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
