import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-types';

/**
 * The lease columns of a job table whose claim names the worker holding it (`namesWorker` in
 * operations/jobs/job-table.ts): the tries, when the next may start, the lease and its holder, the last failure.
 * The print pack and room mockup jobs share them, so that job-lease.ts claims both alike.
 */
export interface WorkerLeaseColumns {
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  claimed_by: string | null;
  last_error: string | null;
}
