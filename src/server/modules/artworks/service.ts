import type { Kysely } from 'kysely';
import { parseArtworkId } from '#shared/artwork.ts';
import type { ArtworkDetail } from '#shared/artwork-schema.ts';
import type { CatalogPage, CatalogQuery } from '#shared/catalog-query-schema.ts';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { rowToArtwork } from './artwork-row';
import { printFactsOf } from './print-facts';
import { findArtworkById, findArtworkPage, findRelatedArtworks } from './repository';

const RELATED_ARTWORKS_LIMIT = 4;

export async function listArtworks(db: Kysely<Database>, query: CatalogQuery): Promise<CatalogPage> {
  const { rows, total } = await findArtworkPage(db, query);
  return { items: rows.map(rowToArtwork), total };
}

/** `publicUrl`: the store's address, which makes the Pinterest image's address absolute, as Pinterest needs it. */
export async function getArtworkDetail(db: Kysely<Database>, rawId: string, publicUrl: string): Promise<ArtworkDetail> {
  const id = parseArtworkId(rawId);
  const row = id === null ? undefined : await findArtworkById(db, id);
  if (!row) throw new NotFoundError('Artwork not found');
  const related = await findRelatedArtworks(db, row, RELATED_ARTWORKS_LIMIT);
  return {
    ...rowToArtwork(row),
    ...printFactsOf(row),
    pinImageUrl: row.pin_image_url && new URL(row.pin_image_url, publicUrl).href,
    relatedArtworks: related.map(rowToArtwork),
  };
}
