import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import { DOWNLOAD_MESSAGES } from '#shared/orders/downloads.ts';
import { STATUS_RULES } from '#shared/orders/order-lifecycle.ts';
import type { Database } from '../../db/schema';
import { NotAllowedError, NotFoundError } from '../../errors';
import { countDownloads, findBoughtItem } from './repository';

/**
 * The entitlement check every download goes through (the master, a ratio's file, the whole pack as a ZIP): the
 * signed-in buyer's own line, of an order whose status allows downloads (paid, or partly refunded), within the
 * limit. Returns the bought line; only then may a short-lived link be made.
 */
export async function checkEntitlement(
  deps: { db: Kysely<Database>; config: { downloadLimit: number | undefined } },
  user: SessionUser,
  itemId: number,
) {
  const item = await findBoughtItem(deps.db, itemId);
  if (!item || item.userId !== user.id) throw new NotFoundError(DOWNLOAD_MESSAGES.notFound);
  const { download, downloadRefusal } = STATUS_RULES[item.status];
  if (!download) throw new NotAllowedError(downloadRefusal ?? DOWNLOAD_MESSAGES.notFound);
  const limit = deps.config.downloadLimit;
  if (limit !== undefined && (await countDownloads(deps.db, itemId)) >= limit)
    throw new NotAllowedError(DOWNLOAD_MESSAGES.limitReached(limit));
  return item;
}

export type BoughtItem = Awaited<ReturnType<typeof checkEntitlement>>;
