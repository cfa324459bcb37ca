import { describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from '#shared/orders/downloads.ts';
import { canDownload, ORDER_STATUSES, STATUS_RULES, type OrderStatus } from '#shared/orders/order-lifecycle.ts';
import type { DownloadItem, DownloadList, DownloadPack } from '#shared/orders/downloads-schema.ts';
import {
  libraryRefreshMs,
  libraryStatusLabel,
  limitMessage,
  orderHeading,
  PREPARING_REFRESH_MS,
  unavailableReason,
} from './download-rules';

describe('the buyer library rules', () => {
  it('heads an order with the last 8 characters of its payment intent, or the store number without one', () => {
    expect(orderHeading({ orderNumber: 'WA-ABCDEFGH', paymentIntentId: 'pi_3Qx9Zk2eZvKYlo2C1a2b3c4d' })).toBe(
      'Order #1a2b3c4d',
    );
    expect(orderHeading({ orderNumber: 'WA-ABCDEFGH', paymentIntentId: null })).toBe('Order #WA-ABCDEFGH');
  });

  it('calls a paid or partly refunded order Completed with downloads, a refunded or disputed one by its state without', () => {
    expect([libraryStatusLabel('paid'), libraryStatusLabel('partially_refunded')]).toEqual(['Completed', 'Completed']);
    expect([canDownload('paid'), canDownload('partially_refunded')]).toEqual([true, true]);
    expect([libraryStatusLabel('refunded'), libraryStatusLabel('disputed')]).toEqual(['Refunded', 'Disputed']);
    expect([canDownload('refunded'), canDownload('disputed')]).toEqual([false, false]);
    expect(unavailableReason('paid')).toBeUndefined();
  });

  it('gives the reason the server gives, for every status that offers no downloads', () => {
    for (const status of ORDER_STATUSES.filter((s) => !canDownload(s))) {
      expect(unavailableReason(status), status).toBe(STATUS_RULES[status].downloadRefusal);
      expect(unavailableReason(status), status).toBeTruthy();
    }
    expect(unavailableReason('canceled')).toContain('cancelled');
  });

  it('says the limit is reached only once every allowed download is used, and never without a limit', () => {
    expect(limitMessage({ downloads: 99, limit: null })).toBeUndefined();
    expect(limitMessage({ downloads: 2, limit: 3 })).toBeUndefined();
    expect(limitMessage({ downloads: 3, limit: 3 })).toBe(DOWNLOAD_MESSAGES.limitReached(3));
  });

  it('asks for the library again every 2 s while a pack the buyer can download is preparing, else not', () => {
    const item = (pack: DownloadPack | null) => ({ pack }) as DownloadItem;
    const library = (status: OrderStatus, ...packs: (DownloadPack | null)[]): DownloadList => ({
      orders: [{ status, items: packs.map(item) } as DownloadList['orders'][number]],
    });
    const preparing: DownloadPack = { status: 'preparing', done: 3, total: 6, files: [], zipBytes: 0 };
    const ready: DownloadPack = { status: 'ready', done: 6, total: 6, files: [], zipBytes: 0 };
    expect(PREPARING_REFRESH_MS).toBe(2_000);
    expect(libraryRefreshMs(library('paid', null, preparing))).toBe(2_000);
    expect(libraryRefreshMs(library('partially_refunded', preparing))).toBe(2_000);
    expect(libraryRefreshMs(library('paid', ready, null))).toBe(false);
    // A refunded order shows no progress, so there is nothing to follow.
    expect(libraryRefreshMs(library('refunded', preparing))).toBe(false);
    expect(libraryRefreshMs({ orders: [] })).toBe(false);
    expect(libraryRefreshMs(undefined)).toBe(false);
  });
});
