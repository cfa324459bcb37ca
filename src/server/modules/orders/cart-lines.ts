import type { Kysely } from 'kysely';
import { CHECKOUT_MESSAGES, MAX_LINE_QUANTITY } from '#shared/checkout.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { findArtworksByIds } from '../artworks/repository';
import type { CartLine } from '../discounts/price-order';

/**
 * A cart's items as lines to price, from the database: one line per artwork (the same artwork twice adds up), at
 * its current price. An artwork that is gone is a 400 naming the item, as the cart can then say which to remove.
 */
export async function loadCart(
  db: Kysely<Database>,
  items: ReadonlyArray<{ id: number; quantity: number }>,
): Promise<{ cart: CartLine[]; artworks: Map<number, ArtworkRow> }> {
  const quantities = new Map<number, number>();
  for (const item of items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  const artworks = new Map((await findArtworksByIds(db, [...quantities.keys()])).map((row) => [row.id, row]));
  const missing: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (!artworks.has(item.id)) missing[`items.${index}.id`] = [CHECKOUT_MESSAGES.unknownArtwork(item.id)];
  });
  const [firstMissing] = Object.values(missing);
  if (firstMissing?.[0]) throw new InvalidInputError(firstMissing[0], missing);
  if ([...quantities.values()].some((quantity) => quantity > MAX_LINE_QUANTITY))
    throw new InvalidInputError(CHECKOUT_MESSAGES.quantityRange, { items: [CHECKOUT_MESSAGES.quantityRange] });
  const cart = [...quantities].map(([id, quantity]) => {
    const artwork = artworks.get(id)!;
    return { artworkId: id, category: artwork.category, quantity, listUnitCents: artwork.price_cents };
  });
  return { cart, artworks };
}
