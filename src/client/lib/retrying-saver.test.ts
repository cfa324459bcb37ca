import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetryingSaver } from './retrying-saver';

const timing = { quietMs: 100, retryMs: [1_000, 5_000] };

describe('the retrying saver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once after a burst of changes, when they have gone quiet', async () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = createRetryingSaver(save, { timing });
    saver.schedule();
    await vi.advanceTimersByTimeAsync(50);
    saver.schedule();
    await vi.advanceTimersByTimeAsync(50);
    saver.schedule();
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.pending()).toBe(false);
  });

  it('tries a failed save again, waiting longer each time, until it goes through', async () => {
    let failuresLeft = 2;
    const save = vi.fn(() => (failuresLeft-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve()));
    const saved = vi.fn();
    const saver = createRetryingSaver(save, { timing, onSaved: saved });
    saver.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.pending()).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(saver.pending()).toBe(false);
  });

  it('saves again after a change made while a save was under way', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const saver = createRetryingSaver(save, { timing });
    saver.schedule();
    await vi.advanceTimersByTimeAsync(100);
    saver.schedule();
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('saves nothing once stopped', async () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = createRetryingSaver(save, { timing });
    saver.schedule();
    saver.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).not.toHaveBeenCalled();
  });
});
