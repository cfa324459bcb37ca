import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWorker, type Worker } from './background-worker';

/** A run that ends only when the test says so. */
function heldRun() {
  let finish: () => void = () => {};
  const started = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  return { started, finish: () => finish() };
}

describe('a background worker', () => {
  const log = { warn: vi.fn() };
  let worker: Worker | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    log.warn.mockReset();
  });
  afterEach(async () => {
    await worker?.stop();
    vi.useRealTimers();
  });

  it('runs first after firstRunMs, then everyMs after each run ends', async () => {
    const run = vi.fn(async () => {});
    worker = startWorker({ name: 'test', everyMs: 1_000, firstRunMs: 100, run, log });
    await vi.advanceTimersByTimeAsync(99);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('adds up to jitter × firstRunMs to the first wait, and nothing to the later ones', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const run = vi.fn(async () => {});
    worker = startWorker({ name: 'test', everyMs: 1_000, firstRunMs: 200, jitter: 1, run, log });
    await vi.advanceTimersByTimeAsync(299);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    vi.mocked(Math.random).mockRestore();
  });

  it('runs at once when nudged, and never overlaps a run: a nudge during one runs again right after it', async () => {
    const held = heldRun();
    worker = startWorker({ name: 'test', everyMs: 60_000, run: held.started, log });
    worker.nudge();
    expect(held.started).toHaveBeenCalledTimes(1);
    worker.nudge();
    worker.nudge();
    // The timer's tick during the run is no second run either.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(held.started).toHaveBeenCalledTimes(1);
    held.finish();
    await vi.advanceTimersByTimeAsync(0);
    // The nudges made during the run: one more run, not two.
    expect(held.started).toHaveBeenCalledTimes(2);
    held.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.started).toHaveBeenCalledTimes(2);
  });

  it('logs a failed run, throws nothing, and runs again at the next tick', async () => {
    const run = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('database away')).mockResolvedValue();
    worker = startWorker({ name: 'test worker', everyMs: 1_000, firstRunMs: 0, run, log });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: 'database away' }), worker: 'test worker' }),
      expect.stringContaining('test worker'),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('logs a run that throws before its first await too', async () => {
    const run = vi.fn(() => {
      throw new Error('at once');
    });
    worker = startWorker({ name: 'test', everyMs: 1_000, firstRunMs: 0, run, log });
    await vi.advanceTimersByTimeAsync(0);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('stops: waits for the run in flight, which sees its signal aborted, and runs no more', async () => {
    const held = heldRun();
    let signal: AbortSignal | undefined;
    worker = startWorker({
      name: 'test',
      everyMs: 1_000,
      firstRunMs: 0,
      run: (given) => {
        signal = given;
        return held.started();
      },
      log,
    });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(signal?.aborted).toBe(true);
    expect(stopped).toBe(false);
    held.finish();
    await stopping;
    worker.nudge();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held.started).toHaveBeenCalledTimes(1);
  });

  it('keeps no process alive: its timer is unref’d', () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    worker = startWorker({ name: 'test', everyMs: 1_000, run: async () => {}, log });
    const timer = setTimer.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    setTimer.mockRestore();
  });
});
