import type { Kysely } from 'kysely';
import { DOWNLOAD_MESSAGES } from '#shared/orders/downloads.ts';
import { LINE_REFUNDED_REFUSAL, STATUS_RULES } from '#shared/orders/order-lifecycle.ts';
import type { Database } from '../../db/schema';
import { NotAllowedError, NotFoundError } from '../../errors';
import { countDownloads, findBoughtItem } from './repository';

/**
 * Who asks for a download: a signed-in buyer (their orders), or a guest's library link (its one order, decision
 * 0058; `userId` is the order's, null until it joins an account, and names the download in the log).
 */
export type DownloadHolder = { userId: number; orderId?: undefined } | { userId: number | null; orderId: number };

export const holderOfUser = (user: { id: number }): DownloadHolder => ({ userId: user.id });

/**
 * The entitlement check every download goes through (the master, a ratio's file, the whole pack as a ZIP): the
 * signed-in buyer's own line, of an order whose status allows downloads (paid, or partly refunded), not refunded on
 * its own, within the limit. Returns the bought line; only then may a short-lived link be made.
 */
export async function checkEntitlement(
  deps: { db: Kysely<Database>; config: { downloadLimit: number | undefined } },
  holder: DownloadHolder,
  itemId: number,
) {
  const item = await findBoughtItem(deps.db, itemId);
  const theirs =
    item && (holder.orderId !== undefined ? item.orderId === holder.orderId : item.userId === holder.userId);
  if (!item || !theirs) throw new NotFoundError(DOWNLOAD_MESSAGES.notFound);
  const { download, downloadRefusal } = STATUS_RULES[item.status];
  if (!download) throw new NotAllowedError(downloadRefusal ?? DOWNLOAD_MESSAGES.notFound);
  // The owner refunded this line alone (decision 0071): the order's other lines stay downloadable.
  if (item.lineRefundId !== null) throw new NotAllowedError(LINE_REFUNDED_REFUSAL);
  const limit = deps.config.downloadLimit;
  if (limit !== undefined && (await countDownloads(deps.db, itemId)) >= limit)
    throw new NotAllowedError(DOWNLOAD_MESSAGES.limitReached(limit));
  return item;
}

export type BoughtItem = Awaited<ReturnType<typeof checkEntitlement>>;
