import type { Kysely } from 'kysely';
import type { DownloadFormat } from '#shared/orders/downloads.ts';
import type { DownloadPack } from '#shared/orders/downloads-schema.ts';
import { sizeAnswer } from '#shared/prints/master-print-sizes.ts';
import { RATIO_IDS, printRatio, printSizesAt } from '#shared/prints/print-sizes.ts';
import type { Database } from '../../db/schema';
import {
  findCompletePack,
  findNewestPack,
  findPackArtwork,
  PACK_PRIORITY,
  type PackFileRow,
  queuePack,
  ratioFileName,
} from '../print-pack';

/** A complete pack's JPEGs, one per ratio, in the order of the ratios (what the buyer's list and the ZIP show). */
export function packJpegs(files: readonly PackFileRow[]) {
  return files
    .filter((file) => file.format === 'jpeg' && file.status === 'ready' && file.file_key && file.width && file.height)
    .map((file) => ({ ...file, file_key: file.file_key!, width: file.width!, height: file.height! }))
    .sort((a, b) => RATIO_IDS.indexOf(a.ratio) - RATIO_IDS.indexOf(b.ratio));
}
export type PackJpeg = ReturnType<typeof packJpegs>[number];

/**
 * What the buyer's library shows of a bought artwork's print pack: the newest complete pack of its current master,
 * file by file; else, while a generation of that master is being made, how far it got (the master's own buttons
 * stay until the pack is complete); else nothing (no pack asked for, or the newest failed).
 */
export async function packForBuyer(
  db: Kysely<Database>,
  artwork: { artworkId: number; title: string; masterKey: string; pngOffered: boolean },
): Promise<DownloadPack | null> {
  const complete = await findCompletePack(db, artwork.artworkId, artwork.masterKey);
  const files = complete ? packJpegs(complete.files) : [];
  if (files.length > 0) {
    const formats: DownloadFormat[] = artwork.pngOffered ? ['jpg', 'png'] : ['jpg'];
    return {
      status: 'ready',
      done: files.length,
      total: files.length,
      files: files.map((file) => ({
        ratio: file.ratio,
        label: printRatio(file.ratio).label,
        width: file.width,
        height: file.height,
        sizes: printSizesAt(file.width, file.height).map(sizeAnswer),
        formats,
        fileName: ratioFileName(artwork.title, artwork.artworkId, printRatio(file.ratio), file, 'jpg'),
        bytes: Number(file.size),
      })),
      zipBytes: files.reduce((sum, file) => sum + Number(file.size), 0),
    };
  }
  let newest = await findNewestPack(db, artwork.artworkId);
  if (!newest || newest.pack.master_key !== artwork.masterKey) {
    // Bought before its pack was asked for (an order from before packs, or a buyer here before the payment's own
    // request queued it): asked for now, ahead of the background, and shown as being prepared.
    const row = await findPackArtwork(db, artwork.artworkId);
    if (row && (await queuePack(db, row, { priority: PACK_PRIORITY.buyer, now: new Date() })))
      newest = await findNewestPack(db, artwork.artworkId);
  }
  if (!newest || newest.pack.master_key !== artwork.masterKey || newest.pack.status === 'failed') return null;
  const jpegs = newest.files.filter((file) => file.format === 'jpeg');
  return {
    status: 'preparing',
    done: jpegs.filter((file) => file.status === 'ready').length,
    total: jpegs.length,
    files: [],
    zipBytes: 0,
  };
}
