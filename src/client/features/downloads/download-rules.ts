import { buyerOrderNumber } from '#shared/orders/checkout.ts';
import { DOWNLOAD_MESSAGES, type DownloadFormat } from '#shared/orders/downloads.ts';
import type { DownloadItem, DownloadList, DownloadOrder } from '#shared/orders/downloads-schema.ts';
import { canDownload, STATUS_RULES, type OrderStatus } from '#shared/orders/order-lifecycle.ts';

/** 'Order #' and the last 8 characters of the payment intent id; the store's own number when there is none. */
export function orderHeading(order: Pick<DownloadOrder, 'orderNumber' | 'paymentIntentId'>): string {
  return `Order #${buyerOrderNumber(order)}`;
}

/**
 * The badge of an order in the library: 'Completed' while its files can be had (a partial refund keeps them,
 * decision 0022), else what took them away.
 */
export function libraryStatusLabel(status: OrderStatus): string {
  if (canDownload(status)) return 'Completed';
  if (status === 'refunded') return 'Refunded';
  if (status === 'disputed') return 'Disputed';
  return 'Unavailable';
}

/** Why an order in the library offers no downloads, in the server's words; undefined while it does. */
export function unavailableReason(status: OrderStatus): string | undefined {
  return STATUS_RULES[status].downloadRefusal ?? undefined;
}

/** The limit's message once an item has used every download it is allowed; undefined while it has some left. */
export function limitMessage(item: Pick<DownloadItem, 'downloads' | 'limit'>): string | undefined {
  return item.limit !== null && item.downloads >= item.limit ? DOWNLOAD_MESSAGES.limitReached(item.limit) : undefined;
}

export const FORMAT_LABELS: Record<DownloadFormat, string> = { png: 'PNG', jpg: 'JPG' };

/** How often the library is asked again while a print pack it shows is being made: "3 of 6" moves on its own. */
export const PREPARING_REFRESH_MS = 2_000;

/**
 * The library's refresh interval: every PREPARING_REFRESH_MS while an item the buyer can download has its pack
 * preparing, else none (a library at rest is asked again only when it is opened).
 */
export function libraryRefreshMs(library: DownloadList | undefined): number | false {
  const preparing = library?.orders.some(
    (order) => canDownload(order.status) && order.items.some((item) => item.pack?.status === 'preparing'),
  );
  return preparing ? PREPARING_REFRESH_MS : false;
}
