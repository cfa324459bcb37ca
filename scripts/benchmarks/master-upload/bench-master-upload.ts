// npm run bench:master-upload: the owner's master upload (POST /api/uploads?kind=private), sent over real HTTP as
// a stream to the store's app running in a child process (upload-server.ts), BENCH_UPLOAD_RUNS times each (3 by
// default). Masters, drawn once and kept in .bench/master-upload/ (BENCH_MASTERS=jpeg-78mp picks some):
//   jpeg-78mp   7200 × 10800 px JPEG with grain (about 25 MB);
//   tiff-78mp   the same pixels as an uncompressed 8-bit TIFF (233 MB: under the old 250 MB limit too);
//   tiff-120mp  8944 × 13416 px (120 MP), enlarged from it, a JPEG-compressed 8-bit TIFF;
//   tiff-120mp-cmyk16  the same size as a 16-bit CMYK TIFF (deflate), from the grainless gradient alone: a
//               grainy one would be far over 300 MB.
// Figures: the time from the first byte sent to the answer, and the peak RSS of the store's process during the
// upload (VmHWM, reset before each upload through /proc/<pid>/clear_refs), against its RSS before it. Linux only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import sharp from 'sharp';
import { loadAverage } from '../shared/bench-database';

const FOLDER = path.resolve(import.meta.dirname, '../../../.bench/master-upload');
const JPEG = path.join(FOLDER, 'master-7200x10800.jpg');
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const MB = 1024 * 1024;

/** A smooth picture with grain, so the JPEG is the size of a photograph's (tens of MB), not of a flat colour's. */
async function ensureJpeg(): Promise<void> {
  if (fs.existsSync(JPEG)) return;
  fs.mkdirSync(FOLDER, { recursive: true });
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="7200" height="10800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a5a8c"/><stop offset="1" stop-color="#e8b04a"/></linearGradient></defs><rect width="7200" height="10800" fill="url(#g)"/></svg>`,
  );
  const grain = await sharp({
    create: {
      width: 7200,
      height: 10800,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
    limitInputPixels: false,
  })
    .raw()
    .toBuffer();
  await sharp(gradient, { limitInputPixels: false })
    .composite([{ input: grain, raw: { width: 7200, height: 10800, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toFile(JPEG);
}

const MASTERS: Record<string, { file: string; name: string; make: () => Promise<unknown> }> = {
  'jpeg-78mp': { file: JPEG, name: 'master.jpg', make: ensureJpeg },
  'tiff-78mp': {
    file: path.join(FOLDER, 'master-7200x10800.tif'),
    name: 'master.tif',
    make: () =>
      sharp(JPEG, { limitInputPixels: false }).tiff({ compression: 'none' }).toFile(MASTERS['tiff-78mp']!.file),
  },
  'tiff-120mp': {
    file: path.join(FOLDER, 'master-8944x13416.tif'),
    name: 'master.tif',
    make: () =>
      sharp(JPEG, { limitInputPixels: false })
        .resize(8944, 13416)
        .tiff({ compression: 'jpeg', quality: 95, tile: true })
        .toFile(MASTERS['tiff-120mp']!.file),
  },
  'tiff-120mp-cmyk16': {
    file: path.join(FOLDER, 'master-8944x13416-cmyk16.tif'),
    name: 'master.tif',
    make: () =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="8944" height="13416"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a5a8c"/><stop offset="1" stop-color="#e8b04a"/></linearGradient></defs><rect width="8944" height="13416" fill="url(#g)"/></svg>`,
        ),
        { limitInputPixels: false },
      )
        .removeAlpha()
        .toColourspace('rgb16')
        .withIccProfile('cmyk')
        .tiff({ compression: 'deflate', predictor: 'horizontal' })
        .toFile(MASTERS['tiff-120mp-cmyk16']!.file),
  },
};

/** A field of /proc/<pid>/status in MB (VmRSS, VmHWM). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/** Sends the master as a multipart body whose file part is read from disk as it goes. */
function upload(port: number, cookie: string, master: string, name: string): Promise<{ status: number; body: string }> {
  const boundary = '----benchmasterupload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(master).size + tail.length;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/uploads?kind=private',
        method: 'POST',
        agent: false,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
          cookie,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.write(head);
    const file = fs.createReadStream(master);
    file.on('error', reject);
    file.on('end', () => request.end(tail));
    file.pipe(request, { end: false });
  });
}

console.log(`master upload: Node ${process.version}, ${os.availableParallelism()} cores, load ${loadAverage()}`);
const wanted = process.env.BENCH_MASTERS?.split(',') ?? Object.keys(MASTERS);
await ensureJpeg();
for (const name of wanted) if (!fs.existsSync(MASTERS[name]!.file)) await MASTERS[name]!.make();

/** The store's app in a fresh child process for each master, so one master's figures do not carry the last's. */
async function measure(masterName: string): Promise<void> {
  const master = MASTERS[masterName]!;
  const meta = await sharp(master.file, { limitInputPixels: false }).metadata();
  const megabytes = (fs.statSync(master.file).size / MB).toFixed(1);
  console.log(`\n${masterName}: ${meta.width} × ${meta.height} px ${meta.format}, ${megabytes} MB`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'upload-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const first = await readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
    const { port, cookie } = JSON.parse(String(first.value)) as { port: number; cookie: string };
    const pid = child.pid!;
    for (let run = 1; run <= RUNS; run++) {
      const before = statusMb(pid, 'VmRSS');
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const started = performance.now();
      const answer = await upload(port, cookie, master.file, master.name);
      const seconds = (performance.now() - started) / 1000;
      const peak = statusMb(pid, 'VmHWM');
      const after = statusMb(pid, 'VmRSS');
      console.log(
        `run ${run}: ${answer.status} in ${seconds.toFixed(2)} s; RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)}), ${after.toFixed(0)} MB after`,
      );
      if (answer.status !== 201) console.log(`  ${answer.body.slice(0, 300)}`);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

for (const name of wanted) await measure(name);
