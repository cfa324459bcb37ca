import { createHmac } from 'node:crypto';
import { DOWNLOAD_MESSAGES, SET_ZIP_MESSAGES } from '#shared/orders/downloads.ts';
import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
import { LINE_REFUNDED_REFUSAL, STATUS_RULES } from '#shared/orders/order-lifecycle.ts';
import { ConflictError, NotAllowedError, NotFoundError } from '../../errors';
import { safeFileBaseName } from '../../file-names';
import { LocalLinkSigner, type SecretSource } from '../../providers/storage/signed-local-link';
import { findCompletePack } from '../print-pack';
import { deliveryOf } from './delivery';
import type { DownloadDeps } from './download-deps';
import type { DownloadHolder } from './entitlement';
import { packJpegs } from './pack-listing';
import { countDownloads, findBoughtItem, insertDownload } from './repository';
import { findSetLines, lockLines, setTitleOf } from './set-zip-lines';

/** Where the app streams a set's ZIP: `<path><itemId>-<packId>/…` (one per piece)`?name&type&expires&sig`. */
export const SET_ZIP_PATH = '/api/downloads/set-zip/';

/** What a set's ZIP counts against each piece's limit, in the download log. */
export const SET_ZIP_FORMAT = 'set zip';

/** The signer of set ZIP links: the download secret narrowed to this use, as packZipSigner's is to its own. */
export function setZipSigner(secret: SecretSource): LocalLinkSigner {
  return new LocalLinkSigner(
    async () =>
      createHmac('sha256', await secret())
        .update('set-zip')
        .digest(),
    SET_ZIP_PATH,
  );
}

/** 'Coastal Trio – whole set.zip' ('set-4 – whole set.zip' for a title with nothing left once made safe). */
export const setZipName = (title: string, setId: number) =>
  `${safeFileBaseName(title) || `set-${setId}`} – whole set.zip`;

/**
 * "Download the whole set (ZIP)", asked for through any of the set's lines: every piece's complete print pack, or
 * a refusal naming the piece that stops it (no file, pack still being made, at its limit). One download of each
 * piece is counted and logged in one transaction, all or none, then a short-lived link to the route that streams
 * the packs it names.
 */
export async function requestSetZip(
  deps: DownloadDeps,
  holder: DownloadHolder,
  itemId: number,
  client: { ipAddress: string; userAgent: string },
): Promise<DownloadLink> {
  const named = await findBoughtItem(deps.db, itemId);
  const theirs =
    named && (holder.orderId !== undefined ? named.orderId === holder.orderId : named.userId === holder.userId);
  if (!named || !theirs) throw new NotFoundError(DOWNLOAD_MESSAGES.notFound);
  if (named.setId === null) throw new NotFoundError(SET_ZIP_MESSAGES.notInSet);
  const { download, downloadRefusal } = STATUS_RULES[named.status];
  if (!download) throw new NotAllowedError(downloadRefusal ?? DOWNLOAD_MESSAGES.notFound);
  if (named.lineRefundId !== null) throw new NotAllowedError(LINE_REFUNDED_REFUSAL);

  const lines = await findSetLines(deps.db, { orderId: named.orderId, setId: named.setId, licence: named.licence });
  const pieces: Array<{ itemId: number; artworkId: number; packId: number; title: string }> = [];
  for (const line of lines) {
    const title = line.currentTitle ?? line.soldTitle;
    const delivery = deliveryOf(line);
    if (delivery.kind !== 'file' || !delivery.fileKey) throw new NotFoundError(SET_ZIP_MESSAGES.noFile(title));
    const complete = await findCompletePack(deps.db, line.artworkId, delivery.fileKey);
    if (!complete || packJpegs(complete.files).length === 0) throw new ConflictError(SET_ZIP_MESSAGES.preparing(title));
    pieces.push({ itemId: line.itemId, artworkId: line.artworkId, packId: complete.pack.id, title });
  }

  const limit = deps.config.downloadLimit;
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    await lockLines(
      trx,
      pieces.map((piece) => piece.itemId),
    );
    for (const piece of pieces) {
      if (limit !== undefined && (await countDownloads(trx, piece.itemId)) >= limit)
        throw new NotAllowedError(SET_ZIP_MESSAGES.limitReached(piece.title, limit));
    }
    for (const piece of pieces) {
      await insertDownload(trx, {
        itemId: piece.itemId,
        userId: holder.userId,
        artworkId: piece.artworkId,
        format: SET_ZIP_FORMAT,
        ...client,
        now,
      });
    }
  });

  const expiresInSeconds = Math.round(deps.config.downloadLinkMs / 1000);
  const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const fileName = setZipName(await setTitleOf(deps.db, named.setId), named.setId);
  const url = await deps.setZipLinks.url({
    key: pieces.map((piece) => `${piece.itemId}-${piece.packId}`).join('/'),
    name: fileName,
    contentType: 'application/zip',
    expires,
  });
  return { url, kind: 'file', fileName, expiresAt: new Date(expires * 1000).toISOString() };
}
