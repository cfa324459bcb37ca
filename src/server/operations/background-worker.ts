import type { FastifyBaseLogger } from 'fastify';
import { runStoppable } from './stop-signal';

export interface WorkerOptions {
  /** Names the worker in its log lines. */
  name: string;
  /** The wait from the end of one run to the start of the next. */
  everyMs: number;
  /** The wait before the first run; `everyMs` when unset, 0 for a run at once. */
  firstRunMs?: number;
  /**
   * Up to this share (0 to 1) of the first wait is added at random, so that instances started together do not
   * all run at the same moment ever after.
   */
  jitter?: number;
  /** One run. `signal` aborts when the worker is stopped: a run that loops checks it and ends early. */
  run: (signal: AbortSignal) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface Worker {
  /** A run now rather than at the next tick; asked during a run, one more run right after it. */
  nudge(): void;
  /** No more runs; resolves once the run in flight, if any, has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `run` on a timer until stopped. A run never overlaps another of the same worker; one that fails is logged
 * and the next comes as planned, so nothing is ever thrown out of the worker. Its timer never keeps the process
 * alive on its own: stopping the app is what ends it.
 */
export function startWorker(options: WorkerOptions): Worker {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const schedule = (ms: number) => {
    timer = setTimeout(runNow, ms).unref();
  };
  function runNow(): void {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    // Inside the stop signal: a stop ends the child processes the run started (stop-signal.ts).
    running = runStoppable(stopping.signal, () => options.run(stopping.signal))
      .catch((error: unknown) =>
        options.log.warn(
          { err: error, worker: options.name },
          `${options.name} failed; it tries again at its next run`,
        ),
      )
      .finally(() => {
        running = null;
        if (stopping.signal.aborted) return;
        if (again) {
          again = false;
          runNow();
        } else {
          schedule(options.everyMs);
        }
      });
  }

  const firstMs = options.firstRunMs ?? options.everyMs;
  schedule(firstMs + Math.random() * firstMs * (options.jitter ?? 0));
  return {
    nudge: runNow,
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
