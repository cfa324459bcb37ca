import { setTimeout as sleep } from 'node:timers/promises';
import { startWorker, type Worker } from '../../operations/background-worker';
import { throttleCatalogChanges } from '../../operations/jobs/throttled-catalog-change';
import { WORKER_ID } from '../../operations/jobs/worker-id';
import { makeNextMockups, queueMissingMockups } from '../room-mockups';
import { CLAIM_MS, makePack, type PackMakerDeps } from './make-pack';
import { PACK_PRIORITY } from './pack-generation';
import { claimDuePack } from './repository';
import { removeOrphanedScratch } from '../../operations/scratch-folders';

/**
 * The least time between two mockup jobs. Making one takes a second or more, but one that fails at once (a picture
 * missing from the storage) takes a few milliseconds and a warning: 100,000 generated artworks without picture
 * files kept the process busy for minutes after start, and pages were served at a quarter of their rate (bench:http
 * at 100,000 artworks). Paced, such failures cost a few per cent of one core.
 */
const MOCKUP_JOB_MIN_MS = 250;

export interface PrintPackWorkerDeps extends PackMakerDeps {
  /**
   * Room mockups landed: the pages that show them are stale, not wrong. Said as background work (the kept pages are
   * made anew as asked for, not dropped), where a pack's learnt master size is said as `catalogChanged`.
   */
  mockupsLanded: () => Promise<void>;
}

export interface PrintPackWorkerOptions {
  /** How often it looks for packs to make; tests shorten it. */
  everyMs?: number;
  /** false: packs are queued but never made here (tests of requests alone, where background writes would interfere). */
  enabled?: boolean;
}

/**
 * The store's picture work in the background: every 2 s (or when nudged), print packs and room mockups are
 * claimed one at a time and made until none is due. A pack someone waits for (a buyer, the owner) goes first,
 * then the room mockups (a second or so each), then the packs made in the background. One job at a time per
 * instance: a pack already uses both cores of the machine the store is sized for, in a child process at low
 * priority, and the mockups are composed the same way.
 */
export class PrintPackWorker {
  private worker: Worker | undefined;
  /** Whether the first run removed what killed processes left in the temporary folder. */
  private scratchChecked = false;
  /** Whether the first run queued the mockups of artworks that have none (older ones, the demo catalogue). */
  private mockupsQueued = false;

  constructor(
    private readonly deps: PrintPackWorkerDeps,
    private readonly options: PrintPackWorkerOptions = {},
  ) {}

  start(): Worker {
    if (this.options.enabled === false) return { nudge: () => undefined, stop: () => Promise.resolve() };
    this.worker = startWorker({
      name: 'print packs',
      everyMs: this.options.everyMs ?? 2_000,
      firstRunMs: 0,
      jitter: 0.5,
      run: (signal) => this.makeDueWork(signal),
      log: this.deps.log,
    });
    return this.worker;
  }

  /** A pack or mockups were queued: look now rather than at the next tick. */
  nudge(): void {
    this.worker?.nudge();
  }

  private async makeDueWork(signal: AbortSignal): Promise<void> {
    if (!this.scratchChecked) {
      this.scratchChecked = true;
      const removed = await removeOrphanedScratch();
      if (removed > 0) this.deps.log.info({ removed }, 'print packs: scratch of ended processes removed');
    }
    if (!this.mockupsQueued) {
      const started = performance.now();
      const { queued, batches, statements } = await queueMissingMockups(this.deps.db, new Date());
      this.mockupsQueued = true;
      const ms = Math.round(performance.now() - started);
      // bench:upgrade reads the figures of this line.
      if (queued > 0)
        this.deps.log.info({ queued, batches, statements, ms }, 'room mockups queued for artworks that had none');
    }
    // Mockups landing make the catalogue's kept answers stale: said at most every 10 s, and once when the run ends.
    const catalogChange = throttleCatalogChanges(() => this.deps.mockupsLanded());
    try {
      while (!signal.aborted) {
        if (await this.makeOnePack(PACK_PRIORITY.background + 1)) continue;
        const mockupsStarted = Date.now();
        const mockups = await makeNextMockups(this.deps, WORKER_ID);
        if (mockups !== 'none') {
          if (mockups === 'changed') catalogChange.note();
          await catalogChange.sayIfDue();
          const rest = MOCKUP_JOB_MIN_MS - (Date.now() - mockupsStarted);
          if (rest > 0) await sleep(rest, undefined, { signal }).catch(() => undefined);
          continue;
        }
        if (!(await this.makeOnePack())) return;
      }
    } finally {
      await catalogChange.sayRest();
    }
  }

  /** Claims and makes the most urgent due pack of at least `minPriority`; false when none was due. */
  private async makeOnePack(minPriority?: number): Promise<boolean> {
    const now = new Date();
    const pack = await claimDuePack(this.deps.db, {
      now,
      until: new Date(now.getTime() + CLAIM_MS),
      worker: WORKER_ID,
      minPriority,
    });
    if (!pack) return false;
    await makePack(this.deps, pack, WORKER_ID);
    return true;
  }
}
