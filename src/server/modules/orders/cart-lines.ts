import type { Kysely } from 'kysely';
import { CHECKOUT_MESSAGES, MAX_LINE_QUANTITY } from '#shared/orders/checkout.ts';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { findVisibleArtworksByIds } from '../artworks';
import type { CartLine } from '../discounts';
import { licencePriceCents, licencesNotOffered } from './licence-price';
import { chosenAmountsRefused } from './chosen-amounts';

export type LicensedCartLine = CartLine & { licence: LicenceTier };

export type CartItemToPrice = { id: number; quantity: number; licence: LicenceTier; amount?: number | undefined };

/**
 * A cart's items as lines to price, from the database: one line per artwork and licence (the same artwork under
 * both licences is two lines at two prices; the same one twice adds up), at its licence's current price, or for a
 * pay-what-you-want artwork at the amount the buyer chose (chosen-amounts.ts checks it, in the store's currency).
 * An artwork that is gone, a licence it does not offer or an amount that cannot be paid is a 400 naming the item,
 * as the cart can then say which.
 */
export async function loadCart(
  db: Kysely<Database>,
  items: ReadonlyArray<CartItemToPrice>,
  currency: StoreCurrency,
): Promise<{ cart: LicensedCartLine[]; artworks: Map<number, ArtworkRow> }> {
  const quantities = new Map<string, { id: number; licence: LicenceTier; quantity: number; amount?: number }>();
  for (const item of items) {
    const key = `${item.id}:${item.licence}`;
    const line = quantities.get(key) ?? { id: item.id, licence: item.licence, quantity: 0 };
    quantities.set(key, {
      ...line,
      quantity: line.quantity + item.quantity,
      ...(item.amount === undefined ? {} : { amount: item.amount }),
    });
  }
  const ids = [...new Set(items.map((item) => item.id))];
  // A draft or a scheduled artwork cannot be bought: to the buyer it is not there.
  const artworks = new Map((await findVisibleArtworksByIds(db, ids)).map((row) => [row.id, row]));
  const missing: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (!artworks.has(item.id)) missing[`items.${index}.id`] = [CHECKOUT_MESSAGES.unknownArtwork(item.id)];
  });
  Object.assign(missing, licencesNotOffered(items, artworks));
  if (Object.keys(missing).length === 0) Object.assign(missing, chosenAmountsRefused(items, artworks, currency));
  const [firstMissing] = Object.values(missing);
  if (firstMissing?.[0]) throw new InvalidInputError(firstMissing[0], missing);
  if ([...quantities.values()].some((line) => line.quantity > MAX_LINE_QUANTITY))
    throw new InvalidInputError(CHECKOUT_MESSAGES.quantityRange, { items: [CHECKOUT_MESSAGES.quantityRange] });
  const cart = [...quantities.values()].map(({ id, licence, quantity, amount }) => {
    const artwork = artworks.get(id)!;
    const chosen = artwork.minimum_price_cents !== null;
    return {
      artworkId: id,
      category: artwork.category,
      licence,
      quantity,
      listUnitCents: chosen ? amount! : licencePriceCents(artwork, licence)!,
      // The buyer names the price of a pay-what-you-want artwork: a sale does not lower it further.
      saleEligible: licence === 'personal' && !chosen,
    };
  });
  return { cart, artworks };
}
