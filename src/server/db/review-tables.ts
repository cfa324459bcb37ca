import type { ColumnType, Generated } from 'kysely';
import type { NameChoice, ReviewStatus } from '../../shared/reviews/reviews';
import type { Timestamp } from './column-types';
import type { WorkerLeaseColumns } from './job-columns';

// Reviews from verified buyers (migration 0039), and the one review request each paid order may send.

export interface ReviewsTable {
  id: Generated<number>;
  artwork_id: number;
  /**
   * Who wrote it, lower-cased: the account's address, or the guest order's. One review per address and artwork (a
   * guest who later signs in with that address edits the same review). Null once the writer deleted their account.
   */
  buyer_email: string | null;
  user_id: number | null;
  /** The paid order that verified it; null only once that order is gone. */
  order_id: number | null;
  rating: number;
  title: string | null;
  body: string;
  /** The name as shown (a first name, or initials): the full name typed is not kept. */
  author_name: string;
  name_choice: NameChoice;
  status: ReviewStatus;
  hidden_reason: string | null;
  answer: string | null;
  answered_at: Timestamp | null;
  /** The buyer's photo of the print on their wall: its stripped original and its WebP renditions (JSON). */
  photo_url: string | null;
  photo_width: number | null;
  photo_height: number | null;
  photo_images: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When it was last approved: the date it shows with. */
  approved_at: Timestamp | null;
}

export interface ReviewRequestsTable extends WorkerLeaseColumns {
  id: Generated<number>;
  /** One request per order, ever. */
  order_id: number;
  done_at: Timestamp | null;
  /** What came of it: sent, or why not (no consent, refunded, nothing left to review). */
  outcome: string | null;
}
