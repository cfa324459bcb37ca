import type { Kysely } from 'kysely';
import type { Orientation, PaletteColor } from '#shared/catalogue/browse-facets.ts';
import type { Database } from '../../../db/schema';

/** What is read from an artwork's picture. null: not known (no picture of ours, or reading it failed). */
export interface PictureFacts {
  palette: PaletteColor[] | null;
  orientation: Orientation | null;
}

export interface SavePictureFactsOptions {
  /**
   * Run after the facts are written, with the artwork's id: where whatever is derived from them (the colour
   * families and orientation the shop is browsed by) is brought up to date.
   */
  afterSave?: (artworkId: number) => Promise<void>;
  /**
   * The catalogue's kept answers are stale (answer-cache/catalog-version.ts). An owner's request bumps the version
   * itself once it is answered; the background backfill leaves this out and bumps once per batch.
   */
  catalogChanged?: () => Promise<void>;
  /**
   * Write only while the artwork still has this picture (its `images` column as the facts were read from it), so a
   * slow background read never overwrites what a newer picture's read wrote.
   */
  onlyIfImages?: string;
}

/**
 * Writes an artwork's palette (its JSON list) and orientation. Returns false when nothing was written: the artwork
 * is gone, or its picture changed since the facts were read (`onlyIfImages`).
 */
export async function savePictureFacts(
  db: Kysely<Database>,
  artworkId: number,
  { palette, orientation }: PictureFacts,
  options: SavePictureFactsOptions = {},
): Promise<boolean> {
  let update = db
    .updateTable('artworks')
    .set({ palette: palette === null ? null : JSON.stringify(palette), orientation })
    .where('id', '=', artworkId);
  if (options.onlyIfImages !== undefined) update = update.where('images', '=', options.onlyIfImages);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await options.afterSave?.(artworkId);
  await options.catalogChanged?.();
  return true;
}
