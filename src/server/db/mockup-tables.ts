import type { Generated } from 'kysely';
import type { JobStatus } from '../../shared/jobs/job-status';
import type { Timestamp } from './column-types';
import type { WorkerLeaseColumns } from './job-columns';

// The room mockups' job table (migration 0017), kept apart from schema.ts, which names it in `Database`.

/** A job that is done is deleted: its mockups are on the artwork. */
export type MockupJobStatus = Exclude<JobStatus, 'ready'>;

/** The job that makes an artwork's room mockups from one picture: one per artwork at most. */
export interface MockupJobsTable extends WorkerLeaseColumns {
  id: Generated<number>;
  artwork_id: number;
  /** The picture's address (the largest public rendition) the mockups are made from. */
  source_url: string;
  /** Random, per job: part of its files' keys. */
  token: string;
  status: MockupJobStatus;
  created_at: Timestamp;
}
