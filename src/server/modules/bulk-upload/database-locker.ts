import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { WORKER_ID } from '../../operations/jobs/worker-id';

/** A held lock lapses this long after its last renewal: an instance that died lets go on its own. */
const LEASE_MS = 15_000;
/** How often a holder renews its lock and looks whether another request asked for it. */
const RENEW_MS = 1_000;
/** How often a waiting request tries again. */
const RETRY_MS = 100;
/** How long a request waits for a lock before tus answers that it could not get it. */
const ACQUIRE_TIMEOUT_MS = 30_000;

/** tus's own answer for a lock not taken in time, as an error object that carries it. */
const lockTimeout = () => Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * tus's lock on one upload, kept as a row of `upload_locks` so that every instance of the store sees it: a PATCH
 * begun on one instance and resumed on another never writes the same upload twice at once. The row has an expiry,
 * renewed while the lock is held, so a crashed instance's lock lapses. A request that finds the upload locked asks
 * the holder to let go (release_requested): tus then ends the older request, which is what a client that lost its
 * connection and came back wants (the older request is the one it gave up on). Works on both engines alike.
 */
export class DatabaseLocker implements Locker {
  constructor(private readonly db: Kysely<Database>) {}

  newLock(id: string): Lock {
    return new DatabaseLock(this.db, id);
  }
}

class DatabaseLock implements Lock {
  /** Unique per lock taken, so a lapsed holder's late unlock never removes the lock a newer request holds. */
  private readonly holder = `${WORKER_ID}-${Math.random().toString(36).slice(2)}`;
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly id: string,
  ) {}

  async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUpAt = Date.now() + ACQUIRE_TIMEOUT_MS;
    let asked = false;
    while (!(await this.tryTake())) {
      if (stop.aborted || Date.now() > giveUpAt) throw lockTimeout();
      if (!asked) {
        await this.db
          .updateTable('upload_locks')
          .set({ release_requested: 1 })
          .where('upload_id', '=', this.id)
          .execute();
        asked = true;
      }
      await sleep(RETRY_MS);
    }
    this.renewal = setInterval(() => void this.renew(requestRelease), RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    await this.db
      .deleteFrom('upload_locks')
      .where('upload_id', '=', this.id)
      .where('holder', '=', this.holder)
      .execute();
  }

  /** Takes the lock when nobody holds it or its holder's lease lapsed; one statement each, atomic on both engines. */
  private async tryTake(): Promise<boolean> {
    const now = Date.now();
    const taken = await this.db
      .updateTable('upload_locks')
      .set({ holder: this.holder, expires_at: iso(now + LEASE_MS), release_requested: 0 })
      .where('upload_id', '=', this.id)
      .where('expires_at', '<=', iso(now))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return true;
    const inserted = await this.db
      .insertInto('upload_locks')
      .values({ upload_id: this.id, holder: this.holder, expires_at: iso(now + LEASE_MS) })
      .onConflict((oc) => oc.column('upload_id').doNothing())
      .returning('upload_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Keeps the lock while the request runs, and lets tus end it when another request asked for the upload. */
  private async renew(requestRelease: RequestRelease): Promise<void> {
    try {
      const row = await this.db
        .updateTable('upload_locks')
        .set({ expires_at: iso(Date.now() + LEASE_MS) })
        .where('upload_id', '=', this.id)
        .where('holder', '=', this.holder)
        .returning('release_requested')
        .executeTakeFirst();
      if (row?.release_requested) await requestRelease();
    } catch {
      // A renewal that failed (the database busy for a moment) is tried again at the next tick; the lease is long
      // enough for several to fail.
    }
  }
}
