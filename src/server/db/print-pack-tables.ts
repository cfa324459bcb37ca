import type { ColumnType, Generated } from 'kysely';
import type { JobStatus } from '../../shared/jobs/job-status';
import type { RatioId } from '../../shared/prints/print-sizes';
import type { Timestamp } from './column-types';
import type { WorkerLeaseColumns } from './job-columns';

// The print pack's tables (migration 0010), kept apart from schema.ts, which names them in `Database`.

/** One generation of an artwork's print pack, and the job that makes it (migration 0010). */
export interface PrintPacksTable extends WorkerLeaseColumns {
  id: Generated<number>;
  artwork_id: number;
  master_key: string;
  status: JobStatus;
  priority: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface PrintPackFilesTable {
  id: Generated<number>;
  pack_id: number;
  ratio: RatioId;
  format: 'jpeg' | 'png';
  status: JobStatus;
  /** JSON fractions of the master; null until the starting crop is found. */
  crop: string | null;
  file_key: string | null;
  width: number | null;
  height: number | null;
  /** A bigint column, which pg returns as a string. */
  size: ColumnType<number | string | null, number | null | undefined, number | null>;
  error: string | null;
  updated_at: Timestamp;
}
