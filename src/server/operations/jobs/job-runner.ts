import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import { startWorker, type Worker } from '../background-worker';
import { nextAttemptAt, type BackOff } from './back-off';
import { claimDueJobs, claimJobsByIds, endTurn, giveUpJob, releaseJobs, retryJob } from './job-lease';
import type { JobRow, JobTable, JobTableName } from './job-table';
import { WORKER_ID } from './worker-id';

/** What a failed try led to: due again at `nextAttemptAt`, or given up (`nextAttemptAt` null). */
export interface FailedTry {
  attempts: number;
  nextAttemptAt: Date | null;
}

export interface JobRunnerOptions<T extends JobTableName> {
  /** Names the runner in its log lines. */
  name: string;
  db: Kysely<Database>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  table: JobTable<T>;
  /** Does one job; throws to have it tried again after the back-off (or given up, see `giveUp`). */
  run: (job: JobRow<T>) => Promise<void>;
  /** How a job that ran is marked done, besides its lease ending and the try counted. */
  done: (job: JobRow<T>, now: Date) => Updateable<Database[T]>;
  /** Called once a job is marked done (for what follows it; a failure here is the caller's to handle). */
  afterDone?: (job: JobRow<T>) => Promise<void>;
  backOff: BackOff;
  /** Given up after this many failed tries, with `gaveUp` taking it out of the pending jobs; unset: tried forever. */
  giveUp?: { afterAttempts: number; changes: (job: JobRow<T>, now: Date) => Updateable<Database[T]> };
  /**
   * A failure that no retry can mend (a mail server's permanent refusal): the job is given up at once with
   * `changes`, then `after` runs (e.g. the address suppressed). Other failures follow `backOff` and `giveUp`.
   */
  refusedForGood?: {
    when: (job: JobRow<T>, error: unknown) => boolean;
    changes: (job: JobRow<T>, now: Date) => Updateable<Database[T]>;
    after?: (job: JobRow<T>, error: unknown) => Promise<void>;
  };
  /** Logs a failed try; by default a warning (or an error when given up). */
  onFailure?: (job: JobRow<T>, error: unknown, outcome: FailedTry) => void;
  /** How often it looks for due jobs besides being nudged: retries come due without anyone asking. */
  everyMs: number;
  /** Jobs claimed at once; they run one after the other. */
  batch: number;
  /** How long a claim keeps other instances off a job: longer than the worst case of a batch. */
  leaseMs: number;
  /**
   * After a failed job, the rest of its batch is handed back untried, for their own next try: a service that is
   * down (the mail server) would refuse them all in a row now.
   */
  stopBatchOnFailure?: boolean;
  /** Before each pass: housekeeping such as dropping old done rows. */
  beforePass?: () => Promise<void>;
}

export interface JobRunner {
  /**
   * Starts the worker: a pass at once, then one every `everyMs`. Stopping it waits for the job in hand, and ends
   * the child processes that job started (the job is handed back, not counted as failed).
   */
  start(): Worker;
  /** A pass now (coalesced: a pass under way runs once more when it ends); nothing before `start`. */
  nudge(): void;
  /**
   * Runs the given jobs now, in this request, holding them for `leaseMs` only (what another worker already holds
   * is that worker's). Answers whether all that were claimed went through.
   */
  runNow(ids: readonly number[], leaseMs: number): Promise<boolean>;
}

/**
 * A durable job runner for one job table: due jobs are claimed a batch at a time with a lease (safe across
 * instances, on both engines), run one after the other, marked done, or tried again with back-off, or given up
 * with the reason kept and logged.
 */
export function createJobRunner<T extends JobTableName>(options: JobRunnerOptions<T>): JobRunner {
  const { db, table } = options;
  let worker: Worker | undefined;

  async function failed(job: JobRow<T>, error: unknown): Promise<void> {
    const row = job as unknown as { id: number; attempts: number };
    const attempts = row.attempts + 1;
    const now = new Date();
    const message = error instanceof Error ? error.message : String(error);
    const refused = options.refusedForGood?.when(job, error) === true;
    const giveUp = options.giveUp !== undefined && attempts >= options.giveUp.afterAttempts;
    const next = refused || giveUp ? null : nextAttemptAt(options.backOff, attempts, now);
    if (next) await retryJob(db, table, row.id, WORKER_ID, { error: message, nextAttemptAt: next });
    else
      await giveUpJob(db, table, row.id, WORKER_ID, {
        reason: message,
        now,
        changes: refused ? options.refusedForGood!.changes(job, now) : options.giveUp!.changes(job, now),
      });
    if (refused) await options.refusedForGood!.after?.(job, error);
    const outcome = { attempts, nextAttemptAt: next };
    if (options.onFailure) return options.onFailure(job, error, outcome);
    const fields = { err: error, job: row.id, attempts, nextAttemptAt: next?.toISOString() };
    if (next) options.log.warn(fields, `${options.name}: a job failed; it is tried again later`);
    else options.log.error(fields, `${options.name}: a job failed ${attempts} times; given up`);
  }

  async function runOne(job: JobRow<T>, stopping?: AbortSignal): Promise<boolean> {
    const id = (job as unknown as { id: number }).id;
    try {
      await options.run(job);
    } catch (error) {
      // Ended by the store's stop (its child killed): not a failed try, just handed back for the next start.
      if (stopping?.aborted) await releaseJobs(db, table, [id], WORKER_ID);
      else await failed(job, error);
      return false;
    }
    await endTurn(db, table, id, WORKER_ID, { changes: options.done(job, new Date()), countAttempt: true });
    await options.afterDone?.(job);
    return true;
  }

  /** Runs in order; stops at a stop (or a failure, if so asked) and hands the rest back untried. */
  async function runBatch(jobs: ReadonlyArray<JobRow<T>>, stopping?: AbortSignal): Promise<boolean> {
    const idsFrom = (index: number) => jobs.slice(index).map((job) => (job as unknown as { id: number }).id);
    for (const [index, job] of jobs.entries()) {
      if (stopping?.aborted) {
        await releaseJobs(db, table, idsFrom(index), WORKER_ID);
        return false;
      }
      if (!(await runOne(job, stopping)) && (options.stopBatchOnFailure || stopping?.aborted)) {
        await releaseJobs(db, table, idsFrom(index + 1), WORKER_ID);
        return false;
      }
    }
    return true;
  }

  async function drain(stopping: AbortSignal): Promise<void> {
    await options.beforePass?.();
    while (!stopping.aborted) {
      const now = new Date();
      const until = new Date(now.getTime() + options.leaseMs);
      const jobs = await claimDueJobs(db, table, { now, until, worker: WORKER_ID, limit: options.batch });
      if (jobs.length === 0) return;
      if (!(await runBatch(jobs, stopping))) return;
    }
  }

  return {
    start() {
      worker = startWorker({
        name: options.name,
        everyMs: options.everyMs,
        firstRunMs: 0,
        run: drain,
        log: options.log,
      });
      return worker;
    },
    nudge: () => worker?.nudge(),
    async runNow(ids, leaseMs) {
      const now = new Date();
      const until = new Date(now.getTime() + leaseMs);
      return runBatch(await claimJobsByIds(db, table, ids, { now, until, worker: WORKER_ID }));
    },
  };
}
