import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

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
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A set's pieces in the owner's order; artwork_id null: the artwork was deleted (the set is off sale). */
export interface ArtworkSetPiecesTable {
  set_id: number;
  position: number;
  artwork_id: number | null;
}
