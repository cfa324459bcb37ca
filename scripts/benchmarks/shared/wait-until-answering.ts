// A server the scripts start as a child process (the store for bench:web and bench:http, the instances and nginx
// for test:cluster) is used once it answers: asked until then, and stopped with its output in the error when it
// exits first or does not answer in time.
import { setTimeout as sleep } from 'node:timers/promises';

export interface Starting {
  /** What the errors call it: "The store", "nginx", "A". */
  name: string;
  isRunning(): boolean;
  /** What it has written so far: the reason it did not start is usually there. */
  output(): string;
  stop(): Promise<void>;
  timeoutMs: number;
  intervalMs: number;
}

/** Resolves once `url` answers 2xx. */
export async function waitUntilAnswering(url: string, starting: Starting): Promise<void> {
  const path = new URL(url).pathname;
  const started = Date.now();
  for (;;) {
    if (!starting.isRunning())
      throw new Error(`${starting.name} exited before ${path} answered:\n${starting.output()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > starting.timeoutMs) {
      await starting.stop();
      throw new Error(
        `${starting.name} did not answer ${path} within ${starting.timeoutMs / 1000} s:\n${starting.output()}`,
      );
    }
    await sleep(starting.intervalMs);
  }
}
