// npm run bench:pack-zip: "Download all (ZIP)" of a print pack served on loopback. The store (pack-zip-server.ts, in
// a child process) holds six files of PACK_FILE_MB (34 by default: about 200 MB, a large master's pack); the ZIP
// is downloaded BENCH_ZIP_RUNS times (3 by default) over HTTP and thrown away as it comes. Printed: the throughput
// of each run and the store's RSS before, at its highest during, and after the downloads: it must stay flat
// (nothing of the pack is held), and the throughput is meant to reach 200 MB/s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { INHERITED_VARIABLES_TO_DROP } from '../shared/launch-store';

const RUNS = Number(process.env.BENCH_ZIP_RUNS ?? 3);
const MB = 1_000_000;

/** The resident set of a process, from /proc (Linux), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Downloads `url`, counting and dropping the bytes; returns their count, the seconds taken and the length promised. */
function download(url: string): Promise<{ bytes: number; seconds: number; contentLength: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({
            bytes,
            seconds: Number(process.hrtime.bigint() - started) / 1e9,
            contentLength: Number(response.headers['content-length'] ?? -1),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pack-zip-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_VARIABLES_TO_DROP) delete env[name];
  Object.assign(env, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', SEED_DEMO: 'false' });
  const root = path.resolve(import.meta.dirname, '../../..');
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(import.meta.dirname, 'pack-zip-server.ts')],
    {
      cwd: root,
      env,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value as string) as Record<string, string | number>;
  try {
    const { pid, origin } = (await next()) as { pid: number; origin: string };
    console.log(`pack ZIP on loopback: Node ${process.version}, ${os.availableParallelism()} cores`);
    const before = rssMb(pid);
    const results = [];
    let peak = before;
    for (let run = 1; run <= RUNS; run++) {
      child.stdin.write('link\n');
      const { url } = (await next()) as { url: string };
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const result = await download(`${origin}${url}`);
      clearInterval(sampler);
      if (result.bytes !== result.contentLength)
        throw new Error(`got ${result.bytes} of ${result.contentLength} bytes`);
      results.push(result);
      console.log(
        `run ${run}: ${(result.bytes / MB).toFixed(1)} MB in ${result.seconds.toFixed(2)} s = ${(result.bytes / MB / result.seconds).toFixed(0)} MB/s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = rssMb(pid);
    const best = Math.max(...results.map((r) => r.bytes / MB / r.seconds));
    console.log(
      `store RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most during, ${after.toFixed(0)} MB after`,
    );
    console.log(`best ${best.toFixed(0)} MB/s (target ≥ 200 MB/s)`);
  } finally {
    child.stdin.end();
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
