import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

// The domain events' outbox (migration 0019), kept apart from schema.ts, which names it in `Database`.

/**
 * One row per event and after-commit listener, written in the transaction that emitted the event: what a crash
 * between the commit and the listener's work leaves behind, for the drain (events/drain-outbox.ts) of any instance.
 */
export interface EventOutboxTable {
  id: Generated<number>;
  /** The event's own id (a UUID): the listener's work is keyed by it, so running it again changes nothing. */
  event_id: string;
  event_type: string;
  /** Who acts on it, e.g. 'taxes.record-stripe-tax'; unique with the event id. */
  listener: string;
  /** The event as JSON. */
  payload: string;
  created_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  /** While set and in the future, one instance runs the listener and every other leaves the row alone. */
  claimed_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  done_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}
