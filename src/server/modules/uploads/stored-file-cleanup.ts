import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { startWorker, type Worker } from '../../operations/background-worker';
import { nextAttemptAt, SERVICE_RETRY_STEPS_MS, stepBackOff, type BackOff } from '../../operations/jobs/back-off';
import { storeNamed, type Stores } from './discard-stored-objects';
import { deleteCleanup, dueCleanups, markCleanupFailed, type CleanupRow } from './stored-file-cleanup-repository';

/** Waits after the 1st, 2nd, … failed delete; the last one repeats until the storage deletes the file. */
export const CLEANUP_RETRY_DELAYS_MS = SERVICE_RETRY_STEPS_MS;
/** Rows come due without anyone asking (a retry's wait runs out), so the worker looks on its own this often. */
const POLL_MS = 5_000;
const BATCH = 20;

export interface StoredFileCleanupOptions {
  pollMs?: number;
  retryDelaysMs?: readonly number[];
}

/**
 * Deletes the files a failed upload could not take back at once (discard-stored-objects.ts), retrying with growing
 * waits while the storage is down. It runs in every instance of the store, on one database, and claims nothing:
 * two instances taking the same row both delete one key, which is harmless (deleting a key that is gone succeeds
 * on local disk and S3 alike), and the row is then deleted, or its retry noted, by whichever comes last. A key is
 * never used again (uploads name files `{timestamp}-{random}`), so a late delete cannot remove a later upload.
 */
export class StoredFileCleanup {
  private readonly pollMs: number;
  private readonly backOff: BackOff;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly stores: Stores,
    private readonly log: FastifyBaseLogger,
    options: StoredFileCleanupOptions = {},
  ) {
    this.pollMs = options.pollMs ?? POLL_MS;
    this.backOff = stepBackOff(options.retryDelaysMs ?? CLEANUP_RETRY_DELAYS_MS);
  }

  /** Starts the worker: a pass every poll, the first one a poll after start. */
  start(): Worker {
    return startWorker({
      name: 'stored file clean-up',
      everyMs: this.pollMs,
      run: (signal) => this.pass(signal),
      log: this.log,
    });
  }

  /**
   * One pass: deletes what is due, batch after batch while batches come back full and all deleted, until `stopping`
   * aborts. Rejects when the database does not answer (restarting): the worker logs it and tries again later.
   */
  async pass(stopping?: AbortSignal): Promise<void> {
    while (!stopping?.aborted) {
      const rows = await dueCleanups(this.db, { now: new Date(), limit: BATCH });
      // At once: they are independent deletes, and a storage that is down fails them all as fast as one. Settled,
      // not Promise.all: a pass ends only once none of its queries is still running (stopping waits for it).
      const results = await Promise.allSettled(rows.map((row) => this.deleteOne(row)));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      // A delete that failed means the storage is still down: the rest waits for the next pass.
      if (rows.length < BATCH || results.some((result) => result.status === 'fulfilled' && !result.value)) return;
    }
  }

  /** Returns whether the file is gone. */
  private async deleteOne(row: CleanupRow): Promise<boolean> {
    try {
      await storeNamed(this.stores, row.store).delete(row.key);
    } catch (error) {
      const attempts = row.attempts + 1;
      const next = nextAttemptAt(this.backOff, attempts);
      const message = error instanceof Error ? error.message : String(error);
      await markCleanupFailed(this.db, row.id, { error: message.slice(0, 1_000), nextAttemptAt: next });
      this.log.warn(
        { err: error, store: row.store, key: row.key, attempts, nextAttemptAt: next.toISOString() },
        'stored file clean-up: delete failed; retrying later',
      );
      return false;
    }
    await deleteCleanup(this.db, row.id);
    return true;
  }
}
