// Saves the latest state a while after the last change (so a burst of clicks is one request), and tries a failed
// save again, waiting longer each time, until one goes through: the state itself stays where it is (the browser's
// copy), so nothing is lost while the server cannot be reached.

export interface RetryingSaver {
  /** A change happened: save after the quiet delay (a save under way is followed by one more). */
  schedule(): void;
  /** Whether a change has not been saved yet. */
  pending(): boolean;
  /** No more saves; what is pending stays pending. */
  stop(): void;
}

export interface SaverTiming {
  quietMs: number;
  /** Waits after the 1st, 2nd, … failure; the last repeats. */
  retryMs: readonly number[];
}

export const SAVER_TIMING: SaverTiming = { quietMs: 800, retryMs: [2_000, 5_000, 15_000, 30_000] };

export function createRetryingSaver(
  save: () => Promise<void>,
  options: { timing?: SaverTiming; onSaved?: () => void; onFailed?: (error: unknown) => void } = {},
): RetryingSaver {
  const timing = options.timing ?? SAVER_TIMING;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let running = false;
  let failures = 0;
  let stopped = false;

  const arm = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
  };

  async function run(): Promise<void> {
    if (running || stopped || !dirty) return;
    running = true;
    // Changes made while this save is under way mark it dirty again, for one more save after it.
    dirty = false;
    try {
      await save();
      failures = 0;
      if (!dirty) options.onSaved?.();
    } catch (error) {
      dirty = true;
      failures += 1;
      options.onFailed?.(error);
    } finally {
      running = false;
    }
    if (dirty) arm(failures > 0 ? timing.retryMs[Math.min(failures, timing.retryMs.length) - 1]! : timing.quietMs);
  }

  return {
    schedule() {
      dirty = true;
      if (!running) arm(timing.quietMs);
    },
    pending: () => dirty || running,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
