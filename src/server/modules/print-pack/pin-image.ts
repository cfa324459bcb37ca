import sharp from 'sharp';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import type { PackRow } from './repository';

/** What Pinterest shows best: a 2:3 pin, 1000 × 1500 px. */
export const PIN_SIZE = { width: 1000, height: 1500 };

/**
 * The artwork's public Pinterest image, from the pack's 2:3 file just made (the master's own pixels at the pack's
 * 2:3 crop, so never enlarged from a smaller preview): shrunk to 1000 × 1500 at most, stored in the public store under
 * a key of its own, and named on the artwork if that master is still the artwork's. sharp shrinks a JPEG while it
 * decodes it, so this holds a fraction of the file. True when the artwork's image changed.
 */
export async function makePinImage(
  deps: { db: Kysely<Database>; publicStore: StorageProvider },
  pack: Pick<PackRow, 'id' | 'artwork_id' | 'master_key'>,
  twoByThreeFile: string,
): Promise<boolean> {
  const body = await sharp(twoByThreeFile)
    .resize({ ...PIN_SIZE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  const key = `pins/${pack.artwork_id}-${pack.id}.jpg`;
  await deps.publicStore.put(key, body, 'image/jpeg');
  const result = await deps.db
    .updateTable('artworks')
    .set({ pin_image_url: deps.publicStore.publicUrl(key) })
    .where('id', '=', pack.artwork_id)
    .where('private_file_key', '=', pack.master_key)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
