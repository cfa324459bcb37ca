import { createHmac } from 'node:crypto';
import { DOWNLOAD_MESSAGES } from '#shared/orders/downloads.ts';
import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
import { ConflictError, NotFoundError } from '../../errors';
import { LocalLinkSigner, type SecretSource } from '../../providers/storage/signed-local-link';
import { findCompletePack } from '../print-pack';
import { safeFileBaseName } from '../../file-names';
import { deliveryOf } from './delivery';
import type { DownloadDeps } from './download-deps';
import { checkEntitlement, type DownloadHolder } from './entitlement';
import { packJpegs } from './pack-listing';
import { logDownload } from './repository';

/** Where the app streams a print pack as a ZIP: `<path><itemId>/<packId>?name&type&expires&sig`. */
export const PACK_ZIP_PATH = '/api/downloads/zip/';

export const ZIP_MESSAGES = {
  preparing: 'The print pack of this artwork is still being prepared. Please try again in a few minutes.',
} as const;

/**
 * The signer of ZIP links: the store's download secret, narrowed to this use (an HMAC of it), so a ZIP link and a
 * file link can never stand in for each other, even where a key could read as both.
 */
export function packZipSigner(secret: SecretSource): LocalLinkSigner {
  return new LocalLinkSigner(
    async () =>
      createHmac('sha256', await secret())
        .update('print-pack-zip')
        .digest(),
    PACK_ZIP_PATH,
  );
}

/** 'Museum Arches – print pack.zip' ('artwork-12 – print pack.zip' for a title with nothing left once made safe). */
export const packZipName = (title: string, artworkId: number) =>
  `${safeFileBaseName(title) || `artwork-${artworkId}`} – print pack.zip`;

/**
 * "Download all (ZIP)": after the entitlement check, one download counted and logged ('zip'), and a short-lived
 * link to the app's route that streams the complete pack it names (a generation's files never change).
 */
export async function requestPackZip(
  deps: DownloadDeps,
  holder: DownloadHolder,
  itemId: number,
  client: { ipAddress: string; userAgent: string },
): Promise<DownloadLink> {
  const item = await checkEntitlement(deps, holder, itemId);
  const delivery = deliveryOf(item);
  if (delivery.kind !== 'file' || !delivery.fileKey) throw new NotFoundError(DOWNLOAD_MESSAGES.noFile);
  const complete = await findCompletePack(deps.db, item.artworkId, delivery.fileKey);
  if (!complete || packJpegs(complete.files).length === 0) throw new ConflictError(ZIP_MESSAGES.preparing);

  const expiresInSeconds = Math.round(deps.config.downloadLinkMs / 1000);
  const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const fileName = packZipName(item.currentTitle ?? item.soldTitle, item.artworkId);
  const url = await deps.zipLinks.url({
    key: `${itemId}/${complete.pack.id}`,
    name: fileName,
    contentType: 'application/zip',
    expires,
  });
  await logDownload(deps.db, {
    itemId,
    userId: holder.userId,
    artworkId: item.artworkId,
    format: 'zip',
    ...client,
    now: new Date(),
  });
  return { url, kind: 'file', fileName, expiresAt: new Date(expires * 1000).toISOString() };
}
