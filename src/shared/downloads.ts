// The buyer's downloads: texts and answer shapes shared by the pages and the API. No zod here.
import type { OrderStatus } from './checkout';

export const DOWNLOAD_FORMATS = ['png', 'jpg'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const DOWNLOAD_MESSAGES = {
  notFound: 'Download not found',
  pending: 'This order has not been paid yet.',
  failed: 'The payment for this order did not go through, so it has nothing to download.',
  canceled: 'This order was cancelled before it was paid, so it has nothing to download.',
  refunded: 'This order was refunded, so its downloads are no longer available.',
  disputed: 'The payment for this order is disputed with the bank; its downloads are paused until that is settled.',
  limitReached: (limit: number) => `You have downloaded this artwork ${limit} times, the most allowed. Please contact us if you need it again.`,
  formatNotOffered: 'This artwork is not offered in that format.',
  noFile: 'Download link not available',
} as const;

/** Orders whose files a buyer may download: paid, or paid with part of it refunded (decision 0022). */
export const DOWNLOADABLE_STATUSES: readonly OrderStatus[] = ['paid', 'partially_refunded'];

export interface DownloadItem {
  itemId: number;
  artworkId: number;
  title: string;
  artist: string;
  dimensions: string | null;
  previewUrl: string | null;
  purchasedAt: string;
  /** How it is delivered: our own file (in these formats), the owner's Google Drive link, or nothing to give. */
  delivery: 'file' | 'drive' | 'none';
  formats: DownloadFormat[];
  downloads: number;
  /** Downloads allowed per item; null: unlimited. */
  limit: number | null;
}

export interface DownloadOrder {
  orderNumber: string;
  paymentIntentId: string | null;
  status: OrderStatus;
  amount: number;
  createdAt: string;
  paidAt: string | null;
  items: DownloadItem[];
}

export interface DownloadLink {
  url: string;
  kind: 'file' | 'drive';
  fileName: string | null;
  expiresAt: string | null;
}
