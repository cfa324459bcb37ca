import type { Kysely } from 'kysely';
import { printRatio } from '#shared/prints/print-sizes.ts';
import type { Database } from '../../db/schema';
import { findPackFiles, ratioFileName } from '../print-pack';
import { FRAME_GUIDE_NAME, frameGuideText } from './frame-guide-text';
import { packJpegs } from './pack-listing';
import type { ZipEntry, ZipText } from './pack-zip';

/** The pack a ZIP link names, if it is the bought line's artwork's, with the title to name its files by. */
export async function findLinkedPack(db: Kysely<Database>, itemId: number, packId: number) {
  return db
    .selectFrom('print_packs')
    .innerJoin('order_items', 'order_items.artwork_id', 'print_packs.artwork_id')
    .leftJoin('artworks', 'artworks.id', 'print_packs.artwork_id')
    .select([
      'print_packs.id as packId',
      'print_packs.artwork_id as artworkId',
      'print_packs.created_at as createdAt',
      'print_packs.finished_at as finishedAt',
      'order_items.title as soldTitle',
      'artworks.title as currentTitle',
    ])
    .where('order_items.id', '=', itemId)
    .where('print_packs.id', '=', packId)
    .where('print_packs.status', '=', 'ready')
    .executeTakeFirst();
}
export type LinkedPack = NonNullable<Awaited<ReturnType<typeof findLinkedPack>>>;

/**
 * A pack's entries in a ZIP: its frame guide (headed `guideHeading`), then each ratio's JPEG under the name the
 * buyer's list shows, all under `folder` ('' for the pack's own ZIP; the piece's name in a set's).
 */
export async function packZipEntries(
  db: Kysely<Database>,
  pack: LinkedPack,
  guideHeading: string,
  folder = '',
): Promise<Array<ZipEntry | ZipText>> {
  const title = pack.currentTitle ?? pack.soldTitle;
  const files = packJpegs(await findPackFiles(db, pack.packId)).map((file) => ({
    ...file,
    fileName: ratioFileName(title, pack.artworkId, printRatio(file.ratio), file, 'jpg'),
  }));
  return [
    { name: `${folder}${FRAME_GUIDE_NAME}`, text: frameGuideText(guideHeading, files) },
    ...files.map((file) => ({ name: `${folder}${file.fileName}`, key: file.file_key, size: Number(file.size) })),
  ];
}
