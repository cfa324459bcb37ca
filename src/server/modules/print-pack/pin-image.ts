import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { findPackArtwork, type PackRow } from './repository';

/** What Pinterest shows best: a 2:3 pin, 1000 × 1500 px. */
export const PIN_SIZE = { width: 1000, height: 1500 };

export interface PinImageDeps {
  db: Kysely<Database>;
  privateStore: StorageProvider;
  publicStore: StorageProvider;
}

/**
 * The artwork's public Pinterest image, from the pack's 2:3 file (the master's own pixels at the pack's 2:3 crop,
 * so never enlarged from a smaller preview): shrunk to 1000 × 1500 at most, stored in the public store under a key
 * named after that file, and named on the artwork if that master is still the artwork's. Nothing is done when the
 * artwork already shows the image of that very file (a generation that kept the 2:3 crop). `local` is the file
 * where the worker just wrote it; otherwise it is copied from the private store into `scratch`. sharp shrinks a JPEG
 * while it decodes it, so this holds a fraction of the file. True when the artwork's image changed.
 */
export async function makePinImage(
  deps: PinImageDeps,
  pack: Pick<PackRow, 'artwork_id' | 'master_key'>,
  twoByThree: { fileKey: string; local?: string; scratch: string },
): Promise<boolean> {
  const key = `pins/${pack.artwork_id}-${path.basename(twoByThree.fileKey, path.extname(twoByThree.fileKey))}.jpg`;
  const url = deps.publicStore.publicUrl(key);
  const artwork = await findPackArtwork(deps.db, pack.artwork_id);
  if (!artwork || artwork.private_file_key !== pack.master_key || artwork.pin_image_url === url) return false;
  let source = twoByThree.local;
  if (!source) {
    const stream = await deps.privateStore.getStream(twoByThree.fileKey);
    if (!stream) return false;
    source = path.join(twoByThree.scratch, 'pin-source.jpg');
    await pipeline(stream, createWriteStream(source));
  }
  const body = await sharp(source)
    .resize({ ...PIN_SIZE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  await deps.publicStore.put(key, body, 'image/jpeg');
  const result = await deps.db
    .updateTable('artworks')
    .set({ pin_image_url: url })
    .where('id', '=', pack.artwork_id)
    .where('private_file_key', '=', pack.master_key)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
