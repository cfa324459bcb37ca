// The yardstick of npm run bench:http and bench:bulk-upload: a bare node:http server that answers each URL with
// the status, headers and body bytes the store answered it with (recorded once, in the same run, with the same
// request headers). Nothing is computed per request: a lookup by URL and one write. Run as a child process
// (startBareServer below); it prints its port on its first line of output.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { RawResponse } from './raw-http';

const CHILD_FLAG = '--bench-http-bare-server';
const START_TIMEOUT_MS = 30_000;

/** Framing headers: node:http writes its own (Content-Length for a body known in advance, keep-alive, Date). */
const FRAMING_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface RecordedAnswer {
  url: string;
  status: number;
  rawHeaders: string[];
  body: string;
}

export interface BareServer {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the bare server answering `answers` (path and query -> the store's response), recorded in `scratchFile`. */
export async function startBareServer(answers: Map<string, RawResponse>, scratchFile: string): Promise<BareServer> {
  const recorded: RecordedAnswer[] = [...answers].map(([url, response]) => ({
    url,
    status: response.status,
    rawHeaders: response.rawHeaders,
    body: response.body.toString('base64'),
  }));
  fs.writeFileSync(scratchFile, JSON.stringify(recorded));
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), CHILD_FLAG, scratchFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('The bare server did not start');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await exited;
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('The bare server did not start within 30 s')), START_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^port (\d+)\n/.exec(output);
      if (line) {
        clearTimeout(timer);
        resolve(Number(line[1]));
      }
    });
    void exited.then(() => reject(new Error(`The bare server exited: ${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

function serve(file: string): void {
  const answers = new Map<string, { status: number; headers: string[]; body: Buffer }>();
  for (const answer of JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedAnswer[]) {
    const body = Buffer.from(answer.body, 'base64');
    const headers: string[] = [];
    for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
      const name = answer.rawHeaders[i] as string;
      if (!FRAMING_HEADERS.has(name.toLowerCase())) headers.push(name, answer.rawHeaders[i + 1] as string);
    }
    headers.push('Content-Length', String(body.length));
    answers.set(answer.url, { status: answer.status, headers, body });
  }
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`port ${address && typeof address === 'object' ? address.port : 0}\n`);
  });
}

if (process.argv[2] === CHILD_FLAG && process.argv[3]) serve(process.argv[3]);
