import { DOWNLOAD_MESSAGES, formatsOf } from '#shared/orders/downloads.ts';
import type {
  DownloadItem,
  DownloadLink,
  DownloadOrder,
  DownloadRequestBody,
} from '#shared/orders/downloads-schema.ts';
import { InvalidInputError, NotFoundError } from '../../errors';
import { certificateNumberer } from '../licences';
import type { DownloadDeps } from './download-deps';
import { deliveryOf } from './delivery';
import { checkEntitlement, type DownloadHolder } from './entitlement';
import { deliverableFile } from './file-formats';
import { packForBuyer } from './pack-listing';
import { requestRatioDownload } from './ratio-download';
import { findDownloadRows, logDownload } from './repository';
import { upgradesOfLibrary } from './library-upgrades';
import { signedFileLink } from './signed-file-link';

export type { DownloadDeps } from './download-deps';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The buyer's library: every order that was paid, refunded or disputed ones too (shown without downloads). */
export async function listDownloads(deps: DownloadDeps, holder: DownloadHolder): Promise<DownloadOrder[]> {
  const rows = await findDownloadRows(deps.db, holder);
  const certificateOf = await certificateNumberer(deps.certificateSecret);
  const upgradesOf = await upgradesOfLibrary(deps, rows);
  const orders = new Map<number, DownloadOrder>();
  for (const row of rows) {
    let order = orders.get(row.orderId);
    if (!order) {
      order = {
        orderNumber: row.orderNumber,
        paymentIntentId: row.paymentIntentId,
        status: row.status,
        amount: row.amount,
        currency: row.currency,
        discount: row.discount,
        discountLabel: row.discountLabel,
        createdAt: iso(row.createdAt),
        paidAt: row.paidAt ? iso(row.paidAt) : null,
        items: [],
      };
      orders.set(row.orderId, order);
    }
    const delivery = deliveryOf(row);
    const formats = delivery.kind === 'file' ? formatsOf(delivery.format) : [];
    const item: DownloadItem = {
      itemId: row.itemId,
      artworkId: row.artworkId,
      title: row.title,
      artist: row.artist,
      dimensions: row.soldDimensions,
      previewUrl: row.currentPreviewUrl ?? row.soldPreviewUrl ?? row.currentImageUrl,
      purchasedAt: order.paidAt ?? order.createdAt,
      delivery: delivery.kind,
      formats,
      downloads: Number(row.downloads ?? 0),
      limit: deps.config.downloadLimit ?? null,
      licence: row.licence,
      licenceTermsVersion: row.licenceTermsVersion,
      certificateNumber: certificateOf(row.itemId),
      pack:
        delivery.kind === 'file' && delivery.fileKey
          ? await packForBuyer(deps.db, {
              artworkId: row.artworkId,
              title: row.currentTitle ?? row.title,
              masterKey: delivery.fileKey,
              pngOffered: formats.includes('png'),
            })
          : null,
      set: row.setId === null ? null : { id: row.setId, title: row.setTitle ?? `Set ${row.setId}` },
      ...upgradesOf(row),
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
  holder: DownloadHolder,
  itemId: number,
  body: DownloadRequestBody,
  client: { ipAddress: string; userAgent: string },
): Promise<DownloadLink> {
  if (body.ratio) return requestRatioDownload(deps, holder, itemId, { ratio: body.ratio, format: body.format }, client);
  const format = body.format ?? 'png';
  const item = await checkEntitlement(deps, holder, itemId);
  const delivery = deliveryOf(item);
  const log = () =>
    logDownload(deps.db, {
      itemId,
      userId: holder.userId,
      artworkId: item.artworkId,
      format,
      ...client,
      now: new Date(),
    });
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
  const link = await signedFileLink(deps, file);
  await log();
  return link;
}
