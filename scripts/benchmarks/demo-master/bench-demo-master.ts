// npm run bench:demo-master: demo print masters drawn as the store draws them on their first read (in the demo
// renderer's child process, straight into a PNG file), each with its time and the child's peak RSS (VmHWM, read
// from /proc while it runs). BENCH_DEMO_SEEDS=1,101 draws only those; by default the first artwork of each category
// (each in its own shape: 4800 × 6000 px for 4:5, 6000 × 6000 square…), all six blurred abstracts, the three largest
// panoramas (14400 × 4800 and 9600 × 4800 px) and the one drawn at 8640 × 10800 px. For Golden Peaks (1), the 3:1
// Alpine Ridge (3) and the large one, the print pack is then cut from the drawn master as the worker cuts it, after the drawing (the worker
// draws, then cuts: the two children never run at once). Linux only (/proc).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildDemoCatalog } from '../../../src/server/demo/demo-catalog';
import { makeRatioFiles } from '../../../src/server/modules/print-pack/make-ratio-files';
import { drawDemoMaster } from '../../../src/server/demo/demo-master';
import { LARGE_DEMO_MASTER_SEED } from '../../../src/server/demo/demo-master-size';
import { DEMO_PICTURE_VERSION } from '../../../src/server/demo/render-demo-images';

const DEFAULT_SEEDS = [1, 3, 101, 102, 103, 104, 105, 106, 201, 202, 301, 401, 501, 601, 602, 701, 801, 901];
const PACK_SEEDS = new Set([1, 3, LARGE_DEMO_MASTER_SEED]);
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
    await drawDemoMaster({ seed, version: DEMO_PICTURE_VERSION }, file);
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
    if (PACK_SEEDS.has(seed)) {
      const packFolder = fs.mkdtempSync(path.join(folder, 'pack-'));
      const cutStarted = performance.now();
      const { peakRssBytes } = await makeRatioFiles({ master: file, folder: packFolder, title: 'Bench', artworkId: 1 });
      const cutSeconds = (performance.now() - cutStarted) / 1000;
      console.log(
        `       its pack of six JPEGs: ${cutSeconds.toFixed(1)} s, cutting child peak ${Math.round(peakRssBytes / 1048576)} MB`,
      );
      fs.rmSync(packFolder, { recursive: true });
    }
    fs.rmSync(file);
  }
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
