import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';
import type { WorkerLeaseColumns } from './job-columns';

// Catalogue imports from Etsy and Shopify (migration 0028), kept apart from schema.ts, which names them in `Database`.

export type ImportSource = 'etsy' | 'shopify';

/** One uploaded CSV: what the store understood of it, shown to the owner before anything is made. */
export interface ImportBatchesTable {
  id: Generated<number>;
  source: ImportSource;
  file_name: string;
  /** JSON list of the listings understood (modules/imports/listing.ts `Listing`). */
  listings: string;
  /** JSON list of the rows refused, each with its row number, field and reason. */
  refused: string;
  /** JSON: what the confirmation did (created, matched, already imported, refused); null until confirmed. */
  outcome: string | null;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
}

/** A listing's key in its source → the artwork it became: importing it again finds it here. */
export interface ImportKeysTable {
  source: ImportSource;
  listing_key: string;
  artwork_id: number;
  batch_id: number;
  created_at: Timestamp;
}

export type ImportPictureJobStatus = 'waiting' | 'done' | 'failed';

/** Fetching one imported listing's pictures from the CSV's addresses, in the background. */
export interface ImportPictureJobsTable extends WorkerLeaseColumns {
  id: Generated<number>;
  batch_id: number;
  artwork_id: number;
  /** The listing's row in the CSV, for the owner's progress and failures. */
  row_number: number;
  /** JSON list of image addresses; the first becomes the picture. */
  urls: string;
  status: ImportPictureJobStatus;
  created_at: Timestamp;
}
