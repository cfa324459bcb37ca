import type { Kysely } from 'kysely';
import { parseArtworkId } from '#shared/catalogue/artwork.ts';
import type { Artwork, ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import type { CatalogPage, CatalogQuery } from '#shared/catalogue/catalogue-query-schema.ts';
import { parsePalette } from '#shared/catalogue/browse-facets.ts';
import { fromCents } from '#shared/money/money.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { salePricesOf } from '../discounts';
import { rowToArtwork } from './artwork-row';
import { printFactsOf } from './print-facts';
import { findArtworkById, findArtworkPage, findRelatedArtworks, findVisibleArtworkById } from './repository';

const RELATED_ARTWORKS_LIMIT = 4;

/**
 * The rows as the public sees them, with the sale prices of those a live sale covers (one query for them all);
 * the artwork `shownWithMockups` names (its own page's) with its room mockups.
 */
async function withSalePrices(
  db: Kysely<Database>,
  rows: readonly ArtworkRow[],
  shownWithMockups?: number,
): Promise<Artwork[]> {
  const sales = await salePricesOf(
    db,
    rows.map((row) => ({
      id: row.id,
      category: row.category,
      priceCents: row.price_cents,
      // A pay-what-you-want artwork's price is the buyer's: a sale neither lowers nor shows it.
      offersPersonal: row.offers_personal === 1 && row.minimum_price_cents === null,
    })),
    new Date(),
  );
  return rows.map((row) => {
    const artwork = rowToArtwork(row, { withMockups: row.id === shownWithMockups });
    const sale = sales.get(row.id);
    if (!sale) return artwork;
    return {
      ...artwork,
      salePrice: fromCents(sale.saleCents),
      wasPrice: sale.wasCents === null ? null : fromCents(sale.wasCents),
    };
  });
}

export async function listArtworks(db: Kysely<Database>, query: CatalogQuery): Promise<CatalogPage> {
  const { rows, total } = await findArtworkPage(db, query);
  return { items: await withSalePrices(db, rows), total };
}

/**
 * `publicUrl`: the store's address, which makes the Pinterest image's address absolute, as Pinterest needs it.
 * A draft or a scheduled artwork is not found, unless `preview` (the signed-in owner's preview link) says otherwise.
 */
export async function getArtworkDetail(
  db: Kysely<Database>,
  rawId: string,
  publicUrl: string,
  { preview = false }: { preview?: boolean } = {},
): Promise<ArtworkDetail> {
  const id = parseArtworkId(rawId);
  const find = preview ? findArtworkById : findVisibleArtworkById;
  const row = id === null ? undefined : await find(db, id);
  if (!row) throw new NotFoundError('Artwork not found');
  const related = await findRelatedArtworks(db, row, RELATED_ARTWORKS_LIMIT);
  const [artwork, ...relatedArtworks] = await withSalePrices(db, [row, ...related], row.id);
  return {
    ...artwork!,
    ...printFactsOf(row),
    pinImageUrl: row.pin_image_url && new URL(row.pin_image_url, publicUrl).href,
    palette: parsePalette(row.palette),
    socialImage: row.social_image === 'mockup' ? 'mockup' : 'picture',
    relatedArtworks,
  };
}
