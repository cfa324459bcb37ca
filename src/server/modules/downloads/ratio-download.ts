import { DOWNLOAD_MESSAGES, formatsOf, type DownloadFormat } from '#shared/orders/downloads.ts';
import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
import { printRatio, type RatioId } from '#shared/prints/print-sizes.ts';
import { InvalidInputError, NotFoundError } from '../../errors';
import { findCompletePack, ratioFileName, ratioPng } from '../print-pack';
import { deliveryOf } from './delivery';
import type { DownloadDeps } from './download-deps';
import { checkEntitlement, type DownloadHolder } from './entitlement';
import { packJpegs } from './pack-listing';
import { logDownload } from './repository';
import { signedFileLink } from './signed-file-link';

export const RATIO_MESSAGES = {
  notReady: 'This artwork has no print file of that ratio yet.',
} as const;

/**
 * One ratio's file of the pack, after the same entitlement check as the master: the JPEG the pack holds, or (where
 * the artwork's Format offers PNG) a PNG of the same crop, made on its first download and kept. Logged as
 * '<format> <ratio>' ('jpg 4x5'), so the log tells the files apart without a column of its own.
 */
export async function requestRatioDownload(
  deps: DownloadDeps,
  holder: DownloadHolder,
  itemId: number,
  request: { ratio: RatioId; format?: DownloadFormat | undefined },
  client: { ipAddress: string; userAgent: string },
): Promise<DownloadLink> {
  const format = request.format ?? 'jpg';
  const item = await checkEntitlement(deps, holder, itemId);
  const delivery = deliveryOf(item);
  if (delivery.kind !== 'file' || !delivery.fileKey) throw new NotFoundError(DOWNLOAD_MESSAGES.noFile);
  if (format === 'png' && !formatsOf(delivery.format).includes('png'))
    throw new InvalidInputError(DOWNLOAD_MESSAGES.formatNotOffered, { format: [DOWNLOAD_MESSAGES.formatNotOffered] });

  const complete = await findCompletePack(deps.db, item.artworkId, delivery.fileKey);
  const jpeg = complete && packJpegs(complete.files).find((file) => file.ratio === request.ratio);
  if (!complete || !jpeg) throw new InvalidInputError(RATIO_MESSAGES.notReady, { ratio: [RATIO_MESSAGES.notReady] });

  const title = item.currentTitle ?? item.soldTitle;
  const file = format === 'png' ? await ratioPng(deps, complete.pack, jpeg, title) : jpeg;
  const extension = format === 'png' ? 'png' : 'jpg';
  const link = await signedFileLink(deps, {
    key: file.file_key,
    fileName: ratioFileName(title, item.artworkId, printRatio(request.ratio), file, extension),
    contentType: format === 'png' ? 'image/png' : 'image/jpeg',
  });
  await logDownload(deps.db, {
    itemId,
    userId: holder.userId,
    artworkId: item.artworkId,
    format: `${format} ${request.ratio}`,
    ...client,
    now: new Date(),
  });
  return link;
}
