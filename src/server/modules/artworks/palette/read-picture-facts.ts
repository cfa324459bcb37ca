import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { StorageProvider } from '../../../providers/storage/storage-provider';
import { extractPalette, type ShrinkPicture } from './extract-palette';
import { paletteSourceKeyOf, pictureOrientationOf, type PictureColumns } from './picture-source';
import { savePictureFacts, type PictureFacts, type SavePictureFactsOptions } from './save-picture-facts';

export interface PictureFactsDeps {
  db: Kysely<Database>;
  /** Where the artworks' previews and renditions are: the palette is read from there. */
  publicStore: StorageProvider;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Given to savePictureFacts: what is derived from the facts is brought up to date there. */
  afterSave?: (artworkId: number) => Promise<void>;
}

/** An owner's save waits at most this long for the palette (a 1600 px rendition takes some 20 ms). */
export const PALETTE_READ_TIMEOUT_MS = 3_000;

/**
 * The facts of the picture an artwork's columns name. The palette is null when the picture is not in the public
 * store: an outside URL (never fetched), or a key with no file behind it. A picture that cannot be decoded throws.
 * The picture is decoded in this process unless `shrink` decodes it elsewhere (the backfill's child, palette-reader.ts).
 */
export async function readPictureFacts(
  store: StorageProvider,
  columns: PictureColumns,
  shrink?: ShrinkPicture,
): Promise<PictureFacts & { skipped?: 'outside' | 'missing' }> {
  const orientation = pictureOrientationOf(columns);
  const key = paletteSourceKeyOf(store, columns);
  if (!key) return { palette: null, orientation, skipped: 'outside' };
  const bytes = await store.get(key);
  if (!bytes) return { palette: null, orientation, skipped: 'missing' };
  return { palette: await extractPalette(bytes, shrink), orientation };
}

function timeout(ms: number): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the palette was not read within ${ms} ms`)), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

const PICTURE_COLUMNS = ['images', 'image_url', 'master_width', 'master_height'] as const;

/**
 * Right after an owner's write gave an artwork a picture: reads its palette and orientation and saves them. Never
 * throws and never waits past PALETTE_READ_TIMEOUT_MS: a picture that cannot be read leaves the palette null (the
 * backfill tries again at the next start) and the owner's save succeeds all the same. The owner's request bumps
 * the catalogue's version itself once it is answered.
 */
export async function savePictureFactsAfterWrite(deps: PictureFactsDeps, artworkId: number): Promise<void> {
  const limit = timeout(PALETTE_READ_TIMEOUT_MS);
  try {
    const columns = await deps.db
      .selectFrom('artworks')
      .select(PICTURE_COLUMNS)
      .where('id', '=', artworkId)
      .executeTakeFirst();
    if (!columns) return;
    let facts: PictureFacts;
    try {
      const reading = readPictureFacts(deps.publicStore, columns);
      // Whatever the slow read ends with later is dropped; it must not end as an unhandled rejection.
      reading.catch(() => undefined);
      facts = await Promise.race([reading, limit.promise]);
    } catch (error) {
      deps.log.warn({ err: error, artworkId }, 'the palette of the picture could not be read; left for the backfill');
      facts = { palette: null, orientation: pictureOrientationOf(columns) };
    }
    const options: SavePictureFactsOptions = { afterSave: deps.afterSave, onlyIfImages: columns.images };
    await savePictureFacts(deps.db, artworkId, facts, options);
  } catch (error) {
    deps.log.warn({ err: error, artworkId }, 'the picture facts could not be saved; left for the backfill');
  } finally {
    limit.clear();
  }
}
