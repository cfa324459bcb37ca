// npm run bench:bulk-upload: BENCH_BULK_FILES masters of 12 MP (200 by default) sent through the bulk upload's tus
// endpoint to the built store, four at a time, and made into drafts with their print packs and room mockups.
// Prints the total time, which stage set the pace, the peak RSS of the store's processes (node and its children),
// and the shop pages the store served meanwhile against a bare node server's (wrk, in turns: page-rate.ts).
// Checks the free disk space first; removes what it made.
// Targets (200 masters): ≤ 15 min, ≤ 768 MB, pages ≥ 0.5× bare node. See docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { freePort, launchStore } from '../shared/launch-store';
import { rssBytes, treeRssBytes } from '../shared/process-tree';
import { expect } from '../shared/store-http';
import { forMs, pageRateMeter, type PageRateMeter, type PageRates } from './page-rate';
import { sendMaster } from './tus-client';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FILES = Number(process.env.BENCH_BULK_FILES ?? 200);
const WIDTH = 4240;
const HEIGHT = 2832; // 12 MP
const OWNER = { email: 'bench-owner@example.com', password: 'bench owner password 1' };
const MB = 1024 * 1024;
/**
 * Between two turns of page load while the work goes on: 6 s of load in every 30 s. BENCH_BULK_FLOOD=1: no rest,
 * a flood for the whole run, which takes the machine from the work and says how long it takes then.
 */
const FLOOD = process.env.BENCH_BULK_FLOOD === '1';
const REST_MS = FLOOD ? 0 : 24_000;

/** Photographic grain, drawn once: laid over every master, so each JPEG weighs what a camera's does. */
const grain = await sharp({
  create: {
    width: WIDTH,
    height: HEIGHT,
    channels: 3,
    background: '#808080',
    noise: { type: 'gaussian', mean: 128, sigma: 10 },
  },
})
  .raw()
  .toBuffer();

/** A 12 MP JPEG master, each a little different (a gradient and a circle under the grain), about 3 MB. */
function master(index: number): Promise<Buffer> {
  const hue = (index * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},70%,75%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${1000 + index * 7}" cy="1400" r="700" fill="hsl(${(hue + 200) % 360},80%,55%)"/></svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

function checkDisk(folder: string, needBytes: number): void {
  const stats = fs.statfsSync(folder);
  const free = stats.bavail * stats.bsize;
  if (free < needBytes)
    throw new Error(
      `bench:bulk-upload needs ${Math.ceil(needBytes / MB)} MB free in ${folder}; ${Math.floor(free / MB)} MB are.`,
    );
  console.log(`free disk: ${Math.floor(free / MB)} MB (needs about ${Math.ceil(needBytes / MB)} MB)`);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-upload-'));
// A 12 MP JPEG is about 3 MB; stored twice (tus, private), its pack and mockups about 25 MB more: 40 MB a master.
checkDisk(os.tmpdir(), FILES * 40 * MB + 1024 * MB);
let stop: (() => Promise<void>) | undefined;
let meter: PageRateMeter | undefined;
try {
  const mastersDir = path.join(scratch, 'masters');
  fs.mkdirSync(mastersDir);
  const files: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const file = path.join(mastersDir, `bench_master-${String(i + 1).padStart(3, '0')}.jpg`);
    fs.writeFileSync(file, await master(i));
    files.push(file);
  }
  console.log(`masters: ${FILES} of ${WIDTH} × ${HEIGHT} px, ${(fs.statSync(files[0]!).size / MB).toFixed(1)} MB each`);

  execFileSync('node', ['scripts/build/build-if-stale.js'], { cwd: ROOT, stdio: 'inherit' });
  const port = await freePort();
  const dataDir = path.join(scratch, 'data');
  fs.mkdirSync(path.join(dataDir, 'tmp'), { recursive: true });
  const store = await launchStore({
    name: 'The store',
    projectRoot: ROOT,
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      TMPDIR: path.join(dataDir, 'tmp'),
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ALLOW_TEST_PAYMENTS: 'true',
      SEED_DEMO: 'false',
    },
    logFile: path.join(dataDir, 'store.log'),
    readyPath: '/api/ready',
    startTimeoutMs: 240_000,
    stopTimeoutMs: 15_000,
    intervalMs: 250,
  });
  stop = store.stop;
  meter = await pageRateMeter(store.origin, scratch);
  const idle = await meter.measure(forMs(10_000));

  const signIn = await expect(200, store.origin, 'POST', '/api/auth/sign-in', { body: OWNER });
  const cookie = signIn.cookies.find((c) => c.includes('=') && !c.endsWith('=')) ?? '';
  const batch = await expect<{ id: string }>(201, store.origin, 'POST', '/api/admin/bulk-batches', {
    cookie,
    body: {},
    headers: { Origin: store.origin },
  });

  // The tree's peak, and the store's own process's at that moment and at its largest: which one holds the memory.
  const peak = { tree: 0, storeAtPeak: 0, store: 0 };
  const sampler = setInterval(() => {
    const tree = treeRssBytes(store.pid);
    const own = rssBytes(store.pid);
    if (tree > peak.tree) Object.assign(peak, { tree, storeAtPeak: own });
    peak.store = Math.max(peak.store, own);
  }, 250);
  const started = performance.now();
  let done = false;
  const busyRates = meter.measure(() => !done, REST_MS);
  /** When each stage had every master done: which one sets the pace. */
  const stageDone: { drafts?: number; packs?: number; mockups?: number } = {};
  const limit = pLimit(4);
  await Promise.all(files.map((file) => limit(() => sendMaster(store.origin, cookie, batch.body.id, file))));
  const uploadedS = (performance.now() - started) / 1000;

  // Every draft made, with its print pack ready and its room mockups made.
  for (;;) {
    const files = (
      await expect<{ files: Array<{ status: string; draft: { id: number } | null }> }>(
        200,
        store.origin,
        'GET',
        `/api/admin/bulk-batches/${batch.body.id}`,
        { cookie },
      )
    ).body.files;
    const failed = files.filter((f) => f.status === 'failed').length;
    if (failed > 0) throw new Error(`${failed} masters were refused`);
    const packs = (
      await expect<{ items: Array<{ artworkId: number; status: string }> }>(
        200,
        store.origin,
        'GET',
        '/api/admin/print-packs',
        { cookie },
      )
    ).body.items;
    const artworks = (
      await expect<{ items: Array<{ mockups: { status: string } }> }>(200, store.origin, 'GET', '/api/admin/artworks', {
        cookie,
      })
    ).body.items;
    const drafted = files.filter((f) => f.status === 'drafted').length;
    const packed = packs.filter((p) => p.status === 'ready').length;
    const mocked = artworks.filter((a) => a.mockups.status === 'ready').length;
    const now = (performance.now() - started) / 1000;
    if (drafted === FILES) stageDone.drafts ??= now;
    if (packed >= FILES) stageDone.packs ??= now;
    if (mocked >= FILES) stageDone.mockups ??= now;
    if (drafted === FILES && packed >= FILES && mocked >= FILES) break;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  const totalS = (performance.now() - started) / 1000;
  done = true;
  clearInterval(sampler);
  const during = await busyRates;

  console.log(`uploaded: ${FILES} masters in ${uploadedS.toFixed(1)} s`);
  console.log(`drafts with packs and mockups: ${totalS.toFixed(1)} s (${(totalS / FILES).toFixed(2)} s a master)`);
  console.log(
    `every master done, by stage: drafts ${stageDone.drafts?.toFixed(1)} s, print packs ` +
      `${stageDone.packs?.toFixed(1)} s, room mockups ${stageDone.mockups?.toFixed(1)} s`,
  );
  console.log(
    `peak RSS of the store's processes: ${(peak.tree / MB).toFixed(0)} MB (the store's own process then ` +
      `${(peak.storeAtPeak / MB).toFixed(0)} MB; at its largest ${(peak.store / MB).toFixed(0)} MB)`,
  );
  const ratio = (rates: PageRates) => (rates.store / rates.bare).toFixed(2);
  console.log(
    `/shop pages/s (wrk, 50 connections, store and bare node in turns of 3 s${FLOOD ? ', without rest' : ', every 30 s'}): idle ${idle.store.toFixed(0)} ` +
      `against ${idle.bare.toFixed(0)} (${ratio(idle)}× bare node); during the work ${during.store.toFixed(0)} ` +
      `against ${during.bare.toFixed(0)} (${ratio(during)}× bare node, ${during.turns} turns, ${during.errors} errors)`,
  );
} finally {
  await meter?.stop();
  await stop?.();
  fs.rmSync(scratch, { recursive: true, force: true });
}
