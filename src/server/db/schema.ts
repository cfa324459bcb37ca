import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderStatus } from '../../shared/orders/checkout';
import type { Orientation } from '../../shared/catalogue/browse-facets';
import type { ArtworkStatus } from '../../shared/catalogue/artwork-release';
import type { Timestamp } from './column-types';
import type { EmailTokensTable, SessionsTable, UsersTable } from './account-tables';
import type { LicenceTermsTable } from './licence-tables';
import type { ContactMessagesTable, MailQueueTable } from './mail-tables';
import type { MailConsentsTable, MailSuppressionsTable } from './mailing-tables';
import type { BuyerCartLinesTable, BuyerCartsTable, BuyerFavoritesTable } from './buyer-cart-tables';
import type { ReviewRequestsTable, ReviewsTable } from './review-tables';
import type { BroadcastRecipientsTable, BroadcastsTable, NewArtDigestsTable } from './broadcast-tables';
import type { LineRefundsTable, OrderItemsTable, OrdersTable } from './order-tables';
import type {
  DocumentSequencesTable,
  TaxDocumentLinesTable,
  TaxDocumentsTable,
  TestPaymentMethodsTable,
} from './tax-tables';
import type { TaxReportRatesTable } from './tax-report-tables';
import type { PrintPackFilesTable, PrintPacksTable } from './print-pack-tables';
import type { MockupJobsTable } from './mockup-tables';
import type { BulkBatchesTable, BulkUploadFilesTable, UploadLocksTable } from './bulk-upload-tables';
import type {
  ArtworkPricesTable,
  DiscountOverspendsTable,
  DiscountReservationsTable,
  DiscountsTable,
} from './discount-tables';
import type { ArtworkFacetsTable } from './facet-tables';
import type { EventOutboxTable } from './event-tables';
import type { ImportBatchesTable, ImportKeysTable, ImportPictureJobsTable } from './import-tables';
import type { ArtworkSetPiecesTable, ArtworkSetsTable, SetCoverJobsTable } from './set-tables';
import type { FunnelDailyTable, FunnelReferrersTable, FunnelSaltsTable, FunnelVisitorsTable } from './funnel-tables';

export type { PrintPackFilesTable, PrintPacksTable } from './print-pack-tables';
export type { EmailTokenPurpose } from './account-tables';
export type { MailQueueTable } from './mail-tables';

/** Flags are 0/1 integers on both engines so that one query text serves both. */
type Flag = ColumnType<number, number | undefined, number>;

export interface ArtworksTable {
  id: Generated<number>;
  title: string;
  artist: string;
  price_cents: number;
  original_price_cents: number | null;
  description: string;
  category: string;
  /** JSON array of strings. */
  tags: string;
  /** Lower-cased title, artist, description and tags: the one column substring search looks at. */
  search_text: string;
  image_url: string | null;
  preview_url: string | null;
  high_res_image_url: string | null;
  /** JSON array of {url, width, height}: the WebP sizes made for srcset. */
  images: string;
  /** JSON array of {type, url}. */
  media: string;
  dimensions: string;
  format: string;
  is_new_arrival: Flag;
  is_featured: Flag;
  download_count: ColumnType<number, number | undefined, number>;
  /** Private: the owner's download link; never in a public response. */
  google_drive_link: string | null;
  /** Private: storage key of the full-resolution file in the private store. */
  private_file_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of the ratio ids the listing offers; null: all six. */
  print_ratios: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON object: ratio id → the owner's crop as fractions of the upright master. */
  print_crops: ColumnType<string, string | undefined, string>;
  /** The private master's upright size, when it is an image. */
  master_width: ColumnType<number | null, number | null | undefined, number | null>;
  master_height: ColumnType<number | null, number | null | undefined, number | null>;
  /** The public 2:3 image for Pinterest (1000 × 1500 at most), made with the print pack. */
  pin_image_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0/1: the personal licence is offered, at price_cents. */
  offers_personal: Flag;
  /** The commercial licence's price; null: not offered. */
  commercial_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Pay what you want (migration 0023): the least a buyer may choose to pay; null: the artwork has fixed prices. Set,
   * the artwork is sold under Personal only, one at a time, and price_cents is the suggested amount.
   */
  minimum_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The lowest price a buyer can pay: a pay-what-you-want artwork's minimum, else the cheaper of the licences
   * offered: what the shop's price filter and sorts read. Worked out by the database from the columns above
   * (migrations 0021 and 0023); never written.
   */
  lowest_price_cents: GeneratedAlways<number>;
  /** JSON list of up to five {hex, weight, family} dominant colours, heaviest first; null until the picture is read. */
  palette: ColumnType<string | null, string | null | undefined, string | null>;
  /** portrait | landscape | square | panoramic, from the picture; null until it is read. */
  orientation: ColumnType<Orientation | null, Orientation | null | undefined, Orientation | null>;
  /** JSON list of {scene, images: [{url, width, height}]}: the room mockups' WebP renditions (migration 0017). */
  mockups: ColumnType<string, string | undefined, string>;
  /** The picture (its largest public rendition's address) the mockups were made from; null: none made yet. */
  mockups_source: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0/1: the public sees the mockups. */
  mockups_enabled: Flag;
  /** The scene shown first among the mockups; null: the scenes' own order. */
  first_mockup_scene: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the page's share tags show: the picture, or the first room mockup when there is one. */
  social_image: ColumnType<'picture' | 'mockup', 'picture' | 'mockup' | undefined, 'picture' | 'mockup'>;
  /** draft (the owner's only) | scheduled (live at publish_at) | published (migration 0025, decision 0061). */
  status: ColumnType<ArtworkStatus, ArtworkStatus | undefined, ArtworkStatus>;
  /** When a scheduled artwork goes live; null unless scheduled. */
  publish_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When the artwork went live; null until then. The shop's "newest" sort reads it. */
  published_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The master's file name on the owner's computer (bulk upload); null when unknown. */
  master_file_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The seller's own stock code (from an import or the owner); null when none. */
  sku: ColumnType<string | null, string | null | undefined, string | null>;
  /** The approved reviews' count and sum of stars (migration 0039), kept by the reviews module as they change. */
  rating_count: ColumnType<number, number | undefined, number>;
  rating_sum: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * How many artworks, featured works and new arrivals each category has, kept exact by triggers on artworks
 * (migration 0007) so the category list never counts the catalogue. Written by those triggers only.
 */
export interface CategoryCountsTable {
  category: string;
  artworks: number;
  featured: number;
  new_arrivals: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/**
 * Storage keys an upload put and then had to take back while the storage would not delete them; a worker retries
 * (modules/uploads/stored-file-cleanup.ts).
 */
export interface StoredFileCleanupTable {
  id: Generated<number>;
  store: 'public' | 'private';
  key: string;
  created_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch; a bigint column, which pg returns as a string. */
  reset_at_ms: ColumnType<number | string, number, number>;
}

export interface UploadsTable {
  key: string;
  kind: 'preview' | 'media' | 'private';
  url: string | null;
  original_name: string;
  content_type: string;
  size: ColumnType<number | string, number, number>;
  width: number | null;
  height: number | null;
  /** JSON array of {url, width, height}. */
  images: string;
  created_at: Timestamp;
}

export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  note: string;
  created_at: Timestamp;
}

export interface DownloadsTable {
  id: Generated<number>;
  order_item_id: number;
  /** Null for a download through a guest's library link. */
  user_id: number | null;
  format: string;
  ip_address: string;
  user_agent: string;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  id: string;
  type: string;
  payment_intent_id: string | null;
  received_at: Timestamp;
}

export interface TestPaymentIntentsTable {
  id: string;
  client_secret: string;
  idempotency_key: string | null;
  amount: number;
  currency: string;
  status: string;
  /** JSON object. */
  metadata: string;
  card_brand: string | null;
  card_last4: string | null;
  pending_outcome: string | null;
  amount_refunded: ColumnType<number, number | undefined, number>;
  last_refund_key: ColumnType<string | null, string | null | undefined, string | null>;
  last_error_code: string | null;
  last_error_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One scheduled artwork's release (migration 0026): due at its publish_at, claimed through the job runner. */
export interface ArtworkReleasesTable {
  id: Generated<number>;
  artwork_id: number;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  claimed_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  claimed_by: ColumnType<string | null, string | null | undefined, string | null>;
  done_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database {
  artwork_sets: ArtworkSetsTable;
  artwork_set_pieces: ArtworkSetPiecesTable;
  set_cover_jobs: SetCoverJobsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  line_refunds: LineRefundsTable;
  order_history: OrderHistoryTable;
  downloads: DownloadsTable;
  payment_events: PaymentEventsTable;
  test_payment_intents: TestPaymentIntentsTable;
  uploads: UploadsTable;
  artworks: ArtworksTable;
  artwork_facets: ArtworkFacetsTable;
  print_packs: PrintPacksTable;
  print_pack_files: PrintPackFilesTable;
  mockup_jobs: MockupJobsTable;
  bulk_batches: BulkBatchesTable;
  bulk_upload_files: BulkUploadFilesTable;
  upload_locks: UploadLocksTable;
  discounts: DiscountsTable;
  discount_reservations: DiscountReservationsTable;
  discount_overspends: DiscountOverspendsTable;
  artwork_prices: ArtworkPricesTable;
  licence_terms: LicenceTermsTable;
  tax_documents: TaxDocumentsTable;
  tax_document_lines: TaxDocumentLinesTable;
  document_sequences: DocumentSequencesTable;
  tax_report_rates: TaxReportRatesTable;
  test_payment_methods: TestPaymentMethodsTable;
  category_counts: CategoryCountsTable;
  users: UsersTable;
  app_meta: AppMetaTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  contact_messages: ContactMessagesTable;
  rate_limits: RateLimitsTable;
  mail_queue: MailQueueTable;
  mail_consents: MailConsentsTable;
  mail_suppressions: MailSuppressionsTable;
  broadcasts: BroadcastsTable;
  broadcast_recipients: BroadcastRecipientsTable;
  new_art_digests: NewArtDigestsTable;
  stored_file_cleanup: StoredFileCleanupTable;
  event_outbox: EventOutboxTable;
  import_batches: ImportBatchesTable;
  import_keys: ImportKeysTable;
  import_picture_jobs: ImportPictureJobsTable;
  funnel_daily: FunnelDailyTable;
  funnel_referrers: FunnelReferrersTable;
  funnel_salts: FunnelSaltsTable;
  funnel_visitors: FunnelVisitorsTable;
  artwork_releases: ArtworkReleasesTable;
  buyer_carts: BuyerCartsTable;
  buyer_cart_lines: BuyerCartLinesTable;
  buyer_favorites: BuyerFavoritesTable;
  reviews: ReviewsTable;
  review_requests: ReviewRequestsTable;
}

export type ArtworkRow = Selectable<ArtworksTable>;
export type NewArtworkRow = Insertable<ArtworksTable>;
export type ArtworkRowUpdate = Updateable<ArtworksTable>;
export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type TestIntentRow = Selectable<TestPaymentIntentsTable>;
