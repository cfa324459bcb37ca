// The buyer's downloads: texts and answer shapes shared by the pages and the API. No zod here. Which orders may be
// downloaded, and why the others may not, is the order's lifecycle's (order-lifecycle.ts).
import type { OrderStatus } from './checkout';

export const DOWNLOAD_FORMATS = ['png', 'jpg'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const DOWNLOAD_MESSAGES = {
  notFound: 'Download not found',
  limitReached: (limit: number) => `You have downloaded this artwork ${limit} times, the most allowed. Please contact us if you need it again.`,
  formatNotOffered: 'This artwork is not offered in that format.',
  noFile: 'Download link not available',
} as const;

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
