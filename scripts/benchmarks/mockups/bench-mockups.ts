// npm run bench:mockups: the room mockups of one artwork (every scene, at every width) as the store composes them,
// in their child process at background priority: the time per artwork (median of BENCH_MOCKUP_RUNS, 3 by
// default), the child's processor time (which a busy machine does not stretch, where it stretches the time at
// background priority) and its peak RSS, for a portrait, a landscape, a square and a 3:1 panorama drawn at 1600 px.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeMockupsMeasured } from '../../../src/server/modules/room-mockups/compose-mockups';
import { MOCKUP_SCENES } from '../../../src/server/modules/room-mockups/scenes';
import { percentile } from '../shared/percentile';
import { DEMO_ARTWORKS, drawDemoArtwork } from './demo-artworks';

const runs = Number(process.env.BENCH_MOCKUP_RUNS ?? 3);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mockups-'));
const mb = (bytes: number) => Math.round(bytes / 1048576);
try {
  console.log(`load ${os.loadavg()[0]?.toFixed(2)}, ${os.cpus().length} cores, ${runs} runs an artwork`);
  const allTimes: number[] = [];
  const allCpu: number[] = [];
  let peak = 0;
  for (const artwork of DEMO_ARTWORKS) {
    const picture = await drawDemoArtwork(artwork, folder);
    const times: number[] = [];
    const cpu: number[] = [];
    let artworkPeak = 0;
    for (let run = 0; run < runs; run++) {
      const out = path.join(folder, `${artwork.name}-${run}`);
      const started = performance.now();
      const { mockups, peakRssBytes, cpuMs } = await composeMockupsMeasured({
        artwork: picture,
        scenes: MOCKUP_SCENES,
        folder: out,
      });
      times.push(performance.now() - started);
      cpu.push(cpuMs);
      artworkPeak = Math.max(artworkPeak, peakRssBytes);
      if (run === 0) {
        const kb = mockups.map((m) => `${m.scene} ${m.width}: ${Math.round(fs.statSync(m.file).size / 1024)} KB`);
        console.log(`  ${artwork.name}: ${kb.join(', ')}`);
      }
      fs.rmSync(out, { recursive: true });
    }
    allTimes.push(...times);
    allCpu.push(...cpu);
    peak = Math.max(peak, artworkPeak);
    console.log(
      `${artwork.name.padEnd(20)} ${MOCKUP_SCENES.length} scenes × 2 widths: median ${Math.round(percentile(times, 50))} ms ` +
        `(min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))}), child CPU ` +
        `${Math.round(percentile(cpu, 50))} ms, child peak RSS ${mb(artworkPeak)} MB`,
    );
  }
  console.log(
    `all artworks: median ${Math.round(percentile(allTimes, 50))} ms an artwork, child CPU ` +
      `${Math.round(percentile(allCpu, 50))} ms, child peak RSS ${mb(peak)} MB`,
  );
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
