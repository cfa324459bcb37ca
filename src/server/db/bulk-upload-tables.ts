import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';
import type { WorkerLeaseColumns } from './job-columns';

// The bulk upload's tables (migration 0029), kept apart from schema.ts, which names them in `Database`.

export interface BulkBatchesTable {
  id: string;
  /** The price the owner set for the batch's drafts; null: the upload defaults' price. */
  price_cents: number | null;
  created_at: Timestamp;
}

export type BulkFileStatus = 'uploading' | 'queued' | 'making' | 'drafted' | 'failed';

/** One file of a batch, from its tus upload's creation; a job (lease columns) once it is whole. */
export interface BulkUploadFilesTable extends WorkerLeaseColumns {
  id: Generated<number>;
  upload_id: string;
  batch_id: string;
  file_name: string;
  size: ColumnType<number | string, number, number>;
  status: BulkFileStatus;
  artwork_id: number | null;
  error: string | null;
  created_at: Timestamp;
}

/** tus's lock on one upload, shared by every instance. */
export interface UploadLocksTable {
  upload_id: string;
  holder: string;
  expires_at: Timestamp;
  release_requested: ColumnType<number, number | undefined, number>;
}
