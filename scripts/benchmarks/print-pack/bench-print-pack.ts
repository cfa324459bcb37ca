// npm run bench:print-pack: the print pack (one file per aspect ratio, cut from one master) made as the store makes
// it, in its child process. Named steps, run in order, each printing its own figures; BENCH_STEPS=pack-78mp runs
// only the steps named.
//   pack-78mp          a 7200 × 10800 px (78 MP) JPEG master, drawn once and kept in .bench/print-pack/: the pack
//                      made BENCH_PACK_RUNS times (3 by default).
//   pack-120mp-cmyk16  a 120 MP, 16-bit CMYK TIFF enlarged from it (kept there too): the pack made once.
//   visitors           the built store under bench:http's load on its public pages, in turns without a pack being
//                      made and while it makes packs of the 78 MP master (visitors-step.ts).
// Targets: 78 MP ≤ 12 s and ≤ 768 MB of peak RSS; 120 MP CMYK ≤ 1 GB; the pages' p99 while packs are made ≤ 1.5×
// their p99 without, the store and its child ≤ 768 MB. See docs/benchmarks.md.
import os from 'node:os';
import path from 'node:path';
import { loadAverage } from '../shared/bench-database';
import { ensureCmykMaster, ensureMaster } from './draw-master';
import { packStep } from './pack-step';
import { visitorsStep } from './visitors-step';

const FOLDER = path.resolve(import.meta.dirname, '../../../.bench/print-pack');
const MASTER = path.join(FOLDER, 'master-7200x10800.jpg');
const CMYK_MASTER = path.join(FOLDER, 'master-8944x13416-cmyk16.tif');
const RUNS = Number(process.env.BENCH_PACK_RUNS ?? 3);

interface Step {
  name: string;
  /** Runs the step and answers its figures as printable lines. */
  run: () => Promise<string>;
}

const STEPS: Step[] = [
  {
    name: 'pack-78mp',
    run: async () => {
      await ensureMaster(MASTER, 7200, 10800);
      return packStep(MASTER, RUNS, { seconds: 12, mb: 768 });
    },
  },
  {
    name: 'pack-120mp-cmyk16',
    run: async () => {
      await ensureMaster(MASTER, 7200, 10800);
      await ensureCmykMaster(CMYK_MASTER, MASTER, 8944, 13416);
      return packStep(CMYK_MASTER, 1, { mb: 1024 });
    },
  },
  {
    name: 'visitors',
    run: async () => {
      await ensureMaster(MASTER, 7200, 10800);
      return visitorsStep(MASTER);
    },
  },
];

const wanted = process.env.BENCH_STEPS?.split(',');
console.log(`print pack: Node ${process.version}, ${os.availableParallelism()} cores`);
for (const step of STEPS.filter((s) => !wanted || wanted.includes(s.name))) {
  console.log(`\n${step.name} (load average ${loadAverage()} at the start)`);
  console.log(await step.run());
}
console.log(`\nload average ${loadAverage()} at the end`);
