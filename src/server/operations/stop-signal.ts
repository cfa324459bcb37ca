import { AsyncLocalStorage } from 'node:async_hooks';

// A worker's stop reaches the child processes its job started, without every function between the job and the
// child (print pack → ratio files → cut in child; mockups → compose in child) passing a signal along: every
// background worker's run goes inside its stop signal (background-worker.ts), spawnChild ends a child started inside
// one when it aborts, and the job's failure is then handed back rather than counted (job-runner.ts,
// fail-or-retry.ts). A print pack drawn at nice 19 on a busy machine outlasts the store's ten seconds of grace; its job is
// handed back and done again by the next start or another instance, so nothing is lost by ending it.
const stopSignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` so that the children it starts end when `signal` aborts; what it throws at once, it rejects. */
export function runStoppable<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return stopSignal.run(signal, async () => work());
}

/** The stop signal of the work running now, if it runs inside one. */
export const currentStopSignal = (): AbortSignal | undefined => stopSignal.getStore();
