import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

// The discounts' tables (migration 0011), kept apart from schema.ts, which names them in `Database`.

export type DiscountKind = 'code' | 'sale' | 'quantity';
export type DiscountScope = 'all' | 'artworks' | 'categories';
export type ReservationStatus = 'held' | 'used' | 'released';
/** Why a paid use went past the code's limit: its total uses, or once per customer. */
export type OverspendReason = 'max-uses' | 'once-per-customer';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A discount code, an automatic sale or a quantity break. */
export interface DiscountsTable {
  id: Generated<number>;
  kind: DiscountKind;
  /** Upper-case; null for a sale or a quantity break. */
  code: string | null;
  name: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_uses: number | null;
  once_per_customer: Defaulted<number>;
  min_subtotal_cents: number | null;
  min_quantity: number | null;
  scope: Defaulted<DiscountScope>;
  /** JSON list of artwork ids. */
  scope_artworks: Defaulted<string>;
  /** JSON list of category ids. */
  scope_categories: Defaulted<string>;
  combines_with_sales: Defaulted<number>;
  active: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A use of a limited code held by an unpaid order, until it is paid (used) or given back (released). */
export interface DiscountReservationsTable {
  id: Generated<number>;
  discount_id: number;
  order_id: number;
  /** Null for a guest's order, known by `customer_email`. */
  user_id: number | null;
  customer_email: ColumnType<string | null, string | null | undefined, string | null>;
  status: ReservationStatus;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** An artwork's price from `recorded_at` on. */
export interface ArtworkPricesTable {
  id: Generated<number>;
  artwork_id: number;
  price_cents: number;
  recorded_at: Timestamp;
}

/** A paid use past the code's limit (migration 0020): the order kept what it was charged; the owner is shown it. */
export interface DiscountOverspendsTable {
  id: Generated<number>;
  discount_id: number;
  order_id: number;
  reason: OverspendReason;
  created_at: Timestamp;
}
