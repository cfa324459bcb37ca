import type { Transaction } from 'kysely';
import { deriveCategoryId } from '#shared/catalogue/category-derivation.ts';
import { UPLOAD_DEFAULTS } from '#shared/catalogue/artwork-write.ts';
import { tiersOfStoreDefault, type StoreLicenceDefault } from '#shared/licences/licences.ts';
import type { Listing } from '#shared/imports/import-schema.ts';
import type { Database } from '../../db/schema';
import { artworkInputToRow, insertArtworksWithPrices } from '../artworks';

export interface DraftDefaults {
  /** The artist named on imported artworks: the store's name, until the owner edits it. */
  artist: string;
  licenceDefault: StoreLicenceDefault;
}

/**
 * The category the store's own derivation suggests from the listing's tags and the words of its title: another
 * shop's taxonomy means nothing here.
 */
export function suggestedCategory(listing: Pick<Listing, 'title' | 'tags'>) {
  const words = listing.title.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return deriveCategoryId({ tags: [...listing.tags, ...words] });
}

/** The artwork's fields from a listing, at its price in the store's currency. */
function draftInput(listing: Listing, priceCents: number, defaults: DraftDefaults) {
  const tiers = tiersOfStoreDefault(defaults.licenceDefault);
  return artworkInputToRow({
    title: listing.title,
    artist: defaults.artist,
    price: priceCents / 100,
    // The owner's form requires a description: a listing without one starts with its title.
    description: listing.description || listing.title,
    category: suggestedCategory(listing),
    tags: listing.tags,
    dimensions: UPLOAD_DEFAULTS.dimensions,
    format: 'PNG',
    // The listing has one price: it is the price of the licences the store offers by default.
    offersPersonal: tiers.personal,
    commercialPrice: tiers.commercial ? priceCents / 100 : null,
  });
}

/** A new draft artwork from the listing; answers its id. */
export async function insertDraft(
  trx: Transaction<Database>,
  listing: Listing,
  priceCents: number,
  defaults: DraftDefaults,
): Promise<number> {
  const [id] = await insertArtworksWithPrices(trx, [
    { ...draftInput(listing, priceCents, defaults), status: 'draft', sku: listing.sku },
  ]);
  return id!;
}

/** Fills in a draft that was waiting for its listing (its master came first), keeping its files. */
export async function fillDraft(
  trx: Transaction<Database>,
  artworkId: number,
  listing: Listing,
  priceCents: number,
  defaults: DraftDefaults,
): Promise<void> {
  const row = draftInput(listing, priceCents, defaults);
  await trx
    .updateTable('artworks')
    .set({
      title: row.title,
      description: row.description,
      tags: row.tags,
      category: row.category,
      search_text: row.search_text,
      price_cents: row.price_cents,
      offers_personal: row.offers_personal,
      commercial_price_cents: row.commercial_price_cents,
      sku: listing.sku,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', artworkId)
    .where('status', '=', 'draft')
    .execute();
}
