import type { ColumnType, Generated } from 'kysely';
import type { SetCoverKind } from '../../shared/sets/set-cover';
import type { JobStatus } from '../../shared/jobs/job-status';
import type { Timestamp } from './column-types';
import type { WorkerLeaseColumns } from './job-columns';

/** A set of artworks sold together (migration 0030, decision 0066). Exactly one of price_cents and percent_off is set. */
export interface ArtworkSetsTable {
  id: Generated<number>;
  title: string;
  description: string;
  /** The set's Personal price in cents; null when the price is a percentage off the pieces' sum. */
  price_cents: number | null;
  /** A whole percentage off the pieces' sum (1 to 90); null when the set has a price of its own. */
  percent_off: number | null;
  /** The piece whose picture is the set's cover; null: the first piece's. */
  cover_artwork_id: number | null;
  /** 'piece': a piece's picture; 'mockup': the gallery-wall mockup the store draws (migration 0033, decision 0073). */
  cover_kind: ColumnType<SetCoverKind, SetCoverKind | undefined, SetCoverKind>;
  /** The mockup's public renditions (JSON); '[]' until one is made. */
  cover_mockup: ColumnType<string, string | undefined, string>;
  /** The pieces' pictures the mockup was drawn from (set-cover-source.ts); null: none drawn yet. */
  cover_mockup_source: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A set's pieces in the owner's order; artwork_id null: the artwork was deleted (the set is off sale). */
export interface ArtworkSetPiecesTable {
  set_id: number;
  position: number;
  artwork_id: number | null;
}

/** The job that draws a set's gallery-wall cover from its pieces' pictures: one per set at most, deleted when done. */
export interface SetCoverJobsTable extends WorkerLeaseColumns {
  id: Generated<number>;
  set_id: number;
  /** The pieces' pictures, in the set's order, it is drawn from (set-cover-source.ts). */
  source: string;
  /** Random, per job: part of its files' keys. */
  token: string;
  status: Exclude<JobStatus, 'ready'>;
  created_at: Timestamp;
}
