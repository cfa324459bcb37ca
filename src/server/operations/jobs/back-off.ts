/** How long a job waits after its `failures`-th failed try (1 after the first) before it is due again. */
export type BackOff = (failures: number) => number;

/**
 * The waits of jobs that talk to a service which may be down for a while (the mail server, the file storage): 5 s,
 * 30 s, 2 min, 10 min, then every 30 min.
 */
export const SERVICE_RETRY_STEPS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000];

/** Waits after the 1st, 2nd, … failed try; the last one repeats for as long as the job fails. */
export const stepBackOff =
  (steps: readonly number[]): BackOff =>
  (failures) =>
    steps[Math.min(Math.max(failures, 1), steps.length) - 1] ?? 0;

/** `firstMs` after the first failed try, doubling with each one after it, up to `maxMs`. */
export const doublingBackOff =
  ({ firstMs, maxMs }: { firstMs: number; maxMs: number }): BackOff =>
  (failures) =>
    Math.min(firstMs * 2 ** Math.max(failures - 1, 0), maxMs);

/** When a job that has just failed its `failures`-th try is due again. */
export const nextAttemptAt = (backOff: BackOff, failures: number, now = new Date()) =>
  new Date(now.getTime() + backOff(failures));
