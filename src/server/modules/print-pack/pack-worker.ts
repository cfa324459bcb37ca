import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { startWorker, type Worker } from '../../operations/background-worker';
import { CLAIM_MS, makePack, type PackMakerDeps } from './make-pack';
import { claimDuePack } from './repository';
import { removeOrphanedScratch } from './scratch-folders';

/** Names this process in the claims it takes: a claim is renewed and released only by the worker holding it. */
const WORKER_ID = `${os.hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;

export interface PrintPackWorkerOptions {
  /** How often it looks for packs to make; tests shorten it. */
  everyMs?: number;
  /** false: packs are queued but never made here (tests of requests alone, where background writes would interfere). */
  enabled?: boolean;
}

/**
 * The print pack's background work: every 2 s (or when nudged), packs are claimed one at a time, most urgent
 * first, and made until none is due. One pack at a time per instance: a pack already uses both cores of the
 * machine the store is sized for, in a child process at low priority.
 */
export class PrintPackWorker {
  private worker: Worker | undefined;
  /** Whether the first run removed what killed processes left in the temporary folder. */
  private scratchChecked = false;

  constructor(
    private readonly deps: PackMakerDeps,
    private readonly options: PrintPackWorkerOptions = {},
  ) {}

  start(): Worker {
    if (this.options.enabled === false) return { nudge: () => undefined, stop: () => Promise.resolve() };
    this.worker = startWorker({
      name: 'print packs',
      everyMs: this.options.everyMs ?? 2_000,
      firstRunMs: 0,
      jitter: 0.5,
      run: (signal) => this.makeDuePacks(signal),
      log: this.deps.log,
    });
    return this.worker;
  }

  /** A pack was queued: look now rather than at the next tick. */
  nudge(): void {
    this.worker?.nudge();
  }

  private async makeDuePacks(signal: AbortSignal): Promise<void> {
    if (!this.scratchChecked) {
      this.scratchChecked = true;
      const removed = await removeOrphanedScratch();
      if (removed > 0) this.deps.log.info({ removed }, 'print packs: scratch of ended processes removed');
    }
    while (!signal.aborted) {
      const now = new Date();
      const pack = await claimDuePack(this.deps.db, {
        now,
        until: new Date(now.getTime() + CLAIM_MS),
        worker: WORKER_ID,
      });
      if (!pack) return;
      await makePack(this.deps, pack, WORKER_ID);
    }
  }
}
