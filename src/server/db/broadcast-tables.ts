import type { ColumnType, Generated } from 'kysely';
import type { BroadcastOrigin, BroadcastStatus, RecipientStatus } from '../../shared/mailing/broadcasts';
import type { ConsentKind } from '../../shared/mailing/consent-kinds';
import type { Timestamp } from './column-types';
import type { WorkerLeaseColumns } from './job-columns';

// Broadcasts and their recipients (migration 0037): the owner's list mail and the store's new-art digests.

export interface BroadcastsTable extends WorkerLeaseColumns {
  id: Generated<number>;
  /** The list it goes to: news for the owner's broadcasts, new-art for the digests. */
  list_kind: ConsentKind;
  origin: BroadcastOrigin;
  subject: string;
  body_markdown: string;
  /** JSON list of artwork ids shown as cards under the text. */
  artwork_ids: ColumnType<string, string | undefined, string>;
  status: BroadcastStatus;
  rate_per_minute: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface BroadcastRecipientsTable {
  id: Generated<number>;
  broadcast_id: number;
  consent_id: number;
  email: string;
  status: RecipientStatus;
  /** The mail server's answer of a failure. */
  error: string | null;
  updated_at: Timestamp;
}

export interface NewArtDigestsTable extends WorkerLeaseColumns {
  id: Generated<number>;
  /** Artworks published up to here were in a digest (or published before the list began). */
  covered_until: Timestamp;
  last_sent_at: Timestamp | null;
}
