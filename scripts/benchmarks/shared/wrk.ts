// Runs wrk (Debian's package, /usr/bin/wrk) for npm run bench:http and reads the JSON line wrk-report.lua prints.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const WRK_PATH = process.env.WRK_PATH || '/usr/bin/wrk';
const REPORT_SCRIPT = path.join(import.meta.dirname, 'wrk-report.lua');

export interface LoadSettings {
  threads: number;
  connections: number;
  seconds: number;
  /** A request slower than this is a timeout (an error), and wrk leaves it out of the latencies. */
  timeoutSeconds: number;
}

export interface WrkResult {
  requests: number;
  durationUs: number;
  bytes: number;
  connect: number;
  read: number;
  write: number;
  /** Answers other than 2xx and 3xx. */
  status: number;
  timeout: number;
  p50Us: number;
  p90Us: number;
  p99Us: number;
  maxUs: number;
  meanUs: number;
}

export const requestsPerSecond = (result: WrkResult) =>
  result.durationUs > 0 ? result.requests / (result.durationUs / 1e6) : 0;
export const socketErrors = (result: WrkResult) => result.connect + result.read + result.write;
export const errorCount = (result: WrkResult) => socketErrors(result) + result.status + result.timeout;

export function checkWrk(): void {
  if (!fs.existsSync(WRK_PATH)) throw new Error(`No wrk at ${WRK_PATH}: apt-get install wrk, or set WRK_PATH`);
}

/** wrk's Lua script, and what follows `--` on its command line (its `init` gets them); one that loads this report. */
export interface WrkScript {
  path: string;
  args: string[];
}

export function runWrk(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
  script: WrkScript = { path: REPORT_SCRIPT, args: [] },
): Promise<WrkResult> {
  const args = [
    `-t${settings.threads}`,
    `-c${settings.connections}`,
    `-d${settings.seconds}s`,
    `--timeout`,
    `${settings.timeoutSeconds}s`,
    '-s',
    script.path,
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
    ...(script.args.length > 0 ? ['--', ...script.args] : []),
  ];
  return new Promise((resolve, reject) => {
    // wrk stops on its own after `seconds`; the kill timer is only a guard against a wrk that hangs.
    execFile(
      WRK_PATH,
      args,
      { timeout: (settings.seconds + 30) * 1000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`wrk ${args.join(' ')} failed: ${error.message}\n${stderr}`));
          return;
        }
        const line = /^WRK_JSON (.*)$/m.exec(stdout)?.[1];
        if (!line) {
          reject(new Error(`wrk printed no summary:\n${stdout}\n${stderr}`));
          return;
        }
        resolve(JSON.parse(line) as WrkResult);
      },
    );
  });
}
