import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import type { PackRow } from './repository';

/** What Pinterest shows best: a 2:3 pin, 1000 × 1500 px. */
export const PIN_SIZE = { width: 1000, height: 1500 };

/**
 * Where an artwork's Pinterest image is kept in the public store: named after the pack's 2:3 file it shows, so a
 * generation that kept the 2:3 crop keeps its image, and one that moved it gets a new one.
 */
export function pinImageKey(artworkId: number, twoByThreeKey: string): string {
  return `pins/${artworkId}-${path.basename(twoByThreeKey, path.extname(twoByThreeKey))}.jpg`;
}

/**
 * Stores the Pinterest image the cutting child wrote (the master's own pixels at the pack's 2:3 crop, shrunk to
 * 1000 × 1500 at most: never a preview enlarged) and names it on the artwork, if that master is still the
 * artwork's. The kept catalogue answers are not dropped for it: the image they name stays in the store, so a page
 * kept a little longer pins the crop before this one, where dropping every kept page at each pack made visitors wait.
 */
export async function storePinImage(
  deps: { db: Kysely<Database>; publicStore: StorageProvider },
  pack: Pick<PackRow, 'artwork_id' | 'master_key'>,
  pin: { key: string; file: string },
): Promise<void> {
  await deps.publicStore.putFile(pin.key, pin.file, 'image/jpeg');
  await deps.db
    .updateTable('artworks')
    .set({ pin_image_url: deps.publicStore.publicUrl(pin.key) })
    .where('id', '=', pack.artwork_id)
    .where('private_file_key', '=', pack.master_key)
    .execute();
}
