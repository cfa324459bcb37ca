import type { ColumnType, Generated } from 'kysely';
import type { LicenceTier } from '../../shared/licences/licences';
import type { Timestamp } from './column-types';
import type { WorkerLeaseColumns } from './job-columns';

// A signed-in buyer's cart and favourites (migration 0038, decision 0077).

/** idle: nothing to remind of; waiting: a reminder is due at next_attempt_at; sent: this cart had its one reminder. */
export type CartReminderState = 'idle' | 'waiting' | 'sent';

/** One per account that saved a cart; a job row of the cart reminders (due at next_attempt_at while waiting). */
export interface BuyerCartsTable extends WorkerLeaseColumns {
  id: Generated<number>;
  user_id: number;
  reminder: ColumnType<CartReminderState, CartReminderState | undefined, CartReminderState>;
  reminded_at: Timestamp | null;
  /** The last change of the cart's lines. */
  changed_at: Timestamp;
}

export type CartLineKind = 'artwork' | 'set';

export interface BuyerCartLinesTable {
  id: Generated<number>;
  user_id: number;
  item_kind: CartLineKind;
  /** The artwork's id or the set's, as item_kind says. */
  item_id: number;
  licence: LicenceTier;
  quantity: number;
  /** A pay-what-you-want artwork's chosen amount in cents; null for any other line. */
  amount_cents: number | null;
  /** The line's place in the cart, as the buyer added them. */
  position: number;
}

export interface BuyerFavoritesTable {
  user_id: number;
  artwork_id: number;
  position: number;
}
