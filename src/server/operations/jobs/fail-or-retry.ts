import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import { unavailablePartOf } from '../../http/unavailable-part';
import { doublingBackOff, nextAttemptAt } from './back-off';
import { currentStopSignal } from '../stop-signal';
import { endTurn, giveUpJob, retryJob } from './job-lease';
import type { JobTable, JobTableName } from './job-table';

/** A storage or database that is down is tried again after 5 s, doubling up to every 30 min. */
export const PART_DOWN_BACK_OFF = doublingBackOff({ firstMs: 5_000, maxMs: 30 * 60_000 });

export interface FailedJob<T extends JobTableName> {
  table: JobTable<T>;
  id: number;
  /** Failed tries before this one. */
  attempts: number;
  worker: string;
  /** Names the job in the log: 'print pack', 'room mockups'. */
  name: string;
  /** What the log lines say of the job, e.g. `{ pack: 12 }`. */
  logFields: Record<string, unknown>;
}

export interface FailOrRetryOptions<T extends JobTableName> {
  db: Kysely<Database>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Set on a job put back in the queue (its status shown as queued again). */
  retried: Updateable<Database[T]>;
  /** Set on a job given up (its status shown as failed). */
  gaveUp: (now: Date) => Updateable<Database[T]>;
  /** The reason kept and shown when the job is given up, from what went wrong. */
  reasonOf: (error: unknown) => string;
  /** What must be done before a job is given up (its files marked failed, those stored so far cleaned up). */
  beforeGivingUp?: (reason: string, now: Date) => Promise<void>;
}

/**
 * The end of a turn that failed. A part of the store that is down (storage, database) says nothing about the job:
 * it goes back in the queue, later, with back-off. Anything else is the job's own problem (a damaged picture): it is
 * given up with the reason kept on the row, where the owner reads it, and logged.
 */
export async function failOrRetry<T extends JobTableName>(
  job: FailedJob<T>,
  error: unknown,
  options: FailOrRetryOptions<T>,
): Promise<void> {
  if (currentStopSignal()?.aborted) {
    // The store is stopping and ended the job's child: handed back as it was, neither failed nor a try counted.
    await endTurn(options.db, job.table, job.id, job.worker, { changes: options.retried, countAttempt: false });
    return;
  }
  const now = new Date();
  const part = unavailablePartOf(error);
  if (part) {
    options.log.warn({ err: error, ...job.logFields, part }, `${job.name}: a part is down, trying again later`);
    await retryJob(options.db, job.table, job.id, job.worker, {
      error: `The ${part === 'storage' ? 'file storage' : part} could not be reached; trying again.`,
      nextAttemptAt: nextAttemptAt(PART_DOWN_BACK_OFF, job.attempts + 1, now),
      changes: options.retried,
    });
    return;
  }
  const reason = options.reasonOf(error);
  options.log.warn({ err: error, ...job.logFields }, `${job.name} failed: ${reason}`);
  await options.beforeGivingUp?.(reason, now);
  await giveUpJob(options.db, job.table, job.id, job.worker, { reason, now, changes: options.gaveUp(now) });
}
