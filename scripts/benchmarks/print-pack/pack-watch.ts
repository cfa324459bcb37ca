// Watches every artwork's print pack through the owner's progress list, a few times a second, and notes when each
// generation was first seen being made and first seen ready: the worker makes one pack at a time, so that is
// the time the pack took, to the polling interval.
import { setTimeout as sleep } from 'node:timers/promises';
import type { StoreOwner } from './store-owner';

const POLL_MS = 250;

export interface PackTiming {
  artworkId: number;
  makingAt?: number;
  readyAt?: number;
  status: string;
}

export interface PackWatch {
  timing(artworkId: number): PackTiming | undefined;
  /** Resolves when every one of `artworkIds` is ready (throws when one failed, or after `limitMs`). */
  allReady(artworkIds: number[], limitMs: number): Promise<void>;
  /** Resolves when one of `artworkIds` is being made or made. */
  anyStarted(artworkIds: number[], limitMs: number): Promise<void>;
  stop(): Promise<void>;
}

export function watchPacks(owner: StoreOwner): PackWatch {
  const timings = new Map<number, PackTiming>();
  let running = true;
  const polling = (async () => {
    while (running) {
      const now = performance.now();
      for (const item of await owner.progress()) {
        const timing = timings.get(item.artworkId) ?? { artworkId: item.artworkId, status: item.status };
        timing.status = item.status;
        if (item.status !== 'queued') timing.makingAt ??= now;
        if (item.status === 'ready') timing.readyAt ??= now;
        timings.set(item.artworkId, timing);
      }
      await sleep(POLL_MS);
    }
  })();
  const waitFor = async (test: () => boolean, limitMs: number, what: string) => {
    const until = performance.now() + limitMs;
    while (!test()) {
      if (performance.now() > until) throw new Error(`no ${what} within ${limitMs / 1000} s`);
      await sleep(POLL_MS / 2);
    }
  };
  return {
    timing: (artworkId) => timings.get(artworkId),
    allReady: (artworkIds, limitMs) =>
      waitFor(
        () =>
          artworkIds.every((id) => {
            const status = timings.get(id)?.status;
            if (status === 'failed') throw new Error(`the pack of artwork ${id} failed`);
            return status === 'ready';
          }),
        limitMs,
        'packs all ready',
      ),
    anyStarted: (artworkIds, limitMs) =>
      waitFor(() => artworkIds.some((id) => timings.get(id)?.makingAt !== undefined), limitMs, 'pack started'),
    async stop() {
      running = false;
      await polling;
    },
  };
}
