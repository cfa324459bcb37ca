import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/auth-schema.ts';
import { DOWNLOAD_MESSAGES, type DownloadFormat } from '#shared/downloads.ts';
import type { DownloadItem, DownloadLink, DownloadOrder } from '#shared/downloads-schema.ts';
import { STATUS_RULES } from '#shared/order-lifecycle.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { InvalidInputError, NotAllowedError, NotFoundError } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { deliverableFile, formatsOf } from './file-formats';
import { countDownloads, findBoughtItem, findDownloadRows, logDownload } from './repository';

export interface DownloadDeps {
  db: Kysely<Database>;
  privateStore: StorageProvider;
  config: Config;
  log: FastifyBaseLogger;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Today's artwork when it still exists (a replaced master is the better file), else what was sold: an artwork
 * deleted after the sale does not take the buyer's file with it.
 */
function deliveryOf(row: {
  currentFileKey: string | null;
  currentDriveLink: string | null;
  currentFormat: string | null;
  soldFileKey: string | null;
  soldDriveLink: string | null;
  soldFormat: string | null;
}) {
  const fileKey = row.currentFileKey ?? row.soldFileKey;
  const driveLink = row.currentDriveLink ?? row.soldDriveLink;
  const format = row.currentFormat ?? row.soldFormat ?? 'PNG';
  return {
    fileKey,
    driveLink,
    format,
    kind: fileKey ? ('file' as const) : driveLink ? ('drive' as const) : ('none' as const),
  };
}

/** The buyer's library: every order that was paid, refunded or disputed ones too (shown without downloads). */
export async function listDownloads(deps: DownloadDeps, user: SessionUser): Promise<DownloadOrder[]> {
  const rows = await findDownloadRows(deps.db, user.id);
  const orders = new Map<number, DownloadOrder>();
  for (const row of rows) {
    let order = orders.get(row.orderId);
    if (!order) {
      order = {
        orderNumber: row.orderNumber,
        paymentIntentId: row.paymentIntentId,
        status: row.status,
        amount: row.amount,
        createdAt: iso(row.createdAt),
        paidAt: row.paidAt ? iso(row.paidAt) : null,
        items: [],
      };
      orders.set(row.orderId, order);
    }
    const delivery = deliveryOf(row);
    const item: DownloadItem = {
      itemId: row.itemId,
      artworkId: row.artworkId,
      title: row.title,
      artist: row.artist,
      dimensions: row.soldDimensions,
      previewUrl: row.currentPreviewUrl ?? row.soldPreviewUrl ?? row.currentImageUrl,
      purchasedAt: order.paidAt ?? order.createdAt,
      delivery: delivery.kind,
      formats: delivery.kind === 'file' ? formatsOf(delivery.format) : [],
      downloads: Number(row.downloads ?? 0),
      limit: deps.config.downloadLimit ?? null,
    };
    order.items.push(item);
  }
  return [...orders.values()];
}

/**
 * The entitlement check every download goes through: the signed-in buyer's own line, of an order whose status
 * allows downloads (paid, or partly refunded), within the limit. Only then a short-lived signed link; nobody ever
 * gets a lasting address of a private file.
 */
export async function requestDownload(
  deps: DownloadDeps,
  user: SessionUser,
  itemId: number,
  format: DownloadFormat,
  client: { ipAddress: string; userAgent: string },
): Promise<DownloadLink> {
  const item = await findBoughtItem(deps.db, itemId);
  if (!item || item.userId !== user.id) throw new NotFoundError(DOWNLOAD_MESSAGES.notFound);
  const { download, downloadRefusal } = STATUS_RULES[item.status];
  if (!download) throw new NotAllowedError(downloadRefusal ?? DOWNLOAD_MESSAGES.notFound);
  const limit = deps.config.downloadLimit;
  if (limit !== undefined && (await countDownloads(deps.db, itemId)) >= limit)
    throw new NotAllowedError(DOWNLOAD_MESSAGES.limitReached(limit));

  const delivery = deliveryOf(item);
  const log = () =>
    logDownload(deps.db, { itemId, userId: user.id, artworkId: item.artworkId, format, ...client, now: new Date() });
  if (delivery.kind === 'drive' && delivery.driveLink) {
    await log();
    return { url: delivery.driveLink, kind: 'drive', fileName: null, expiresAt: null };
  }
  if (delivery.kind !== 'file' || !delivery.fileKey) throw new NotFoundError(DOWNLOAD_MESSAGES.noFile);
  if (!formatsOf(delivery.format).includes(format))
    throw new InvalidInputError(DOWNLOAD_MESSAGES.formatNotOffered, { format: [DOWNLOAD_MESSAGES.formatNotOffered] });

  const file = await deliverableFile(
    { privateStore: deps.privateStore },
    {
      id: item.artworkId,
      title: item.currentTitle ?? item.soldTitle,
      private_file_key: delivery.fileKey,
      format: delivery.format,
    },
    format,
  );
  if (!file) throw new NotFoundError(DOWNLOAD_MESSAGES.noFile);
  const expiresInSeconds = Math.round(deps.config.downloadLinkMs / 1000);
  const url = await deps.privateStore.signedDownloadUrl(file.key, {
    fileName: file.fileName,
    contentType: file.contentType,
    expiresInSeconds,
  });
  await log();
  return {
    url,
    kind: 'file',
    fileName: file.fileName,
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
  };
}
