import type { Kysely } from 'kysely';
import { CHECKOUT_MESSAGES, MAX_LINE_QUANTITY } from '#shared/orders/checkout.ts';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { findArtworksByIds } from '../artworks';
import type { CartLine } from '../discounts';
import { licencePriceCents, licencesNotOffered } from './licence-price';

export type LicensedCartLine = CartLine & { licence: LicenceTier };

/**
 * A cart's items as lines to price, from the database: one line per artwork and licence (the same artwork under
 * both licences is two lines at two prices; the same one twice adds up), at its licence's current price. An
 * artwork that is gone, or a licence it does not offer, is a 400 naming the item, as the cart can then say which.
 */
export async function loadCart(
  db: Kysely<Database>,
  items: ReadonlyArray<{ id: number; quantity: number; licence: LicenceTier }>,
): Promise<{ cart: LicensedCartLine[]; artworks: Map<number, ArtworkRow> }> {
  const quantities = new Map<string, { id: number; licence: LicenceTier; quantity: number }>();
  for (const item of items) {
    const key = `${item.id}:${item.licence}`;
    const line = quantities.get(key) ?? { id: item.id, licence: item.licence, quantity: 0 };
    quantities.set(key, { ...line, quantity: line.quantity + item.quantity });
  }
  const ids = [...new Set(items.map((item) => item.id))];
  const artworks = new Map((await findArtworksByIds(db, ids)).map((row) => [row.id, row]));
  const missing: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (!artworks.has(item.id)) missing[`items.${index}.id`] = [CHECKOUT_MESSAGES.unknownArtwork(item.id)];
  });
  Object.assign(missing, licencesNotOffered(items, artworks));
  const [firstMissing] = Object.values(missing);
  if (firstMissing?.[0]) throw new InvalidInputError(firstMissing[0], missing);
  if ([...quantities.values()].some((line) => line.quantity > MAX_LINE_QUANTITY))
    throw new InvalidInputError(CHECKOUT_MESSAGES.quantityRange, { items: [CHECKOUT_MESSAGES.quantityRange] });
  const cart = [...quantities.values()].map(({ id, licence, quantity }) => {
    const artwork = artworks.get(id)!;
    return {
      artworkId: id,
      category: artwork.category,
      licence,
      quantity,
      listUnitCents: licencePriceCents(artwork, licence)!,
      saleEligible: licence === 'personal',
    };
  });
  return { cart, artworks };
}
