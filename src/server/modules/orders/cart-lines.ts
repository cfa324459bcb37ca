import type { Kysely } from 'kysely';
import { CHECKOUT_MESSAGES, MAX_LINE_QUANTITY } from '#shared/orders/checkout.ts';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import { InvalidInputError } from '../../errors';
import { findVisibleArtworksByIds } from '../artworks';
import type { CartLine } from '../discounts';
import { loadSetLines } from '../sets';
import type { SetCartItem } from '#shared/sets/set-schema.ts';
import type { Customer } from '#shared/accounts/customer.ts';
import { findOwnedPieces } from './owned-pieces';
import { licencePriceCents, licencesNotOffered } from './licence-price';
import { chosenAmountsRefused } from './chosen-amounts';
import type { UpgradeLine } from './upgrade-lines';

/**
 * `setId`: the set the line is a piece of (decision 0067), and `setTitle` its title now (decision 0073); null for an
 * artwork bought on its own.
 * `upgradeOfItemId`: the Personal line a Commercial upgrade line upgrades (decision 0068); null for any other line.
 */
export type LicensedCartLine = CartLine & {
  licence: LicenceTier;
  setId: number | null;
  setTitle: string | null;
  upgradeOfItemId: number | null;
};

export type CartItemToPrice = { id: number; quantity: number; licence: LicenceTier; amount?: number | undefined };

const hasKeys = (record: object) => Object.keys(record).length > 0;

/**
 * A cart's items as lines to price, from the database: one line per artwork and licence (the same artwork under
 * both licences is two lines at two prices; the same one twice adds up), at its licence's current price, or for a
 * pay-what-you-want artwork at the amount the buyer chose (chosen-amounts.ts checks it, in the store's currency).
 * An artwork that is gone, a licence it does not offer or an amount that cannot be paid is a 400 naming the item,
 * as the cart can then say which. A set becomes one line per piece, each carrying the set's id, at its share of the
 * set's price (the sets module's loadSetLines): discounts and taxes then see artworks only. Automatic sales do not
 * apply to those lines; codes and quantity breaks do, as to any line. With a known buyer, a set leaves out the pieces
 * they own under its licence and the rest cost what completes it (owned-pieces.ts, decision 0070). An upgrade
 * (upgrade-lines.ts, loaded by the caller, which knows who asks) is one Commercial line at the difference of its
 * artwork's prices: neither sales nor quantity breaks apply to it, nor does it count towards a break; a code does,
 * within its scope (decision 0068).
 */
export async function loadCart(
  db: Kysely<Database>,
  items: ReadonlyArray<CartItemToPrice>,
  currency: StoreCurrency,
  sets: ReadonlyArray<SetCartItem> = [],
  upgrades: { lines: ReadonlyArray<UpgradeLine>; problems: Record<string, string[]> } = { lines: [], problems: {} },
  customer?: Customer,
): Promise<{ cart: LicensedCartLine[]; artworks: Map<number, ArtworkRow> }> {
  if (items.length === 0 && sets.length === 0 && upgrades.lines.length === 0 && !hasKeys(upgrades.problems))
    throw new InvalidInputError(CHECKOUT_MESSAGES.emptyCart, { items: [CHECKOUT_MESSAGES.emptyCart] });
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
  const setLines = await loadSetLines(
    db,
    sets,
    customer ? (artworkIds) => findOwnedPieces(db, customer, artworkIds) : undefined,
  );
  Object.assign(missing, setLines.problems, upgrades.problems);
  const [firstMissing] = Object.values(missing);
  if (firstMissing?.[0]) throw new InvalidInputError(firstMissing[0], missing);
  if ([...quantities.values()].some((line) => line.quantity > MAX_LINE_QUANTITY))
    throw new InvalidInputError(CHECKOUT_MESSAGES.quantityRange, { items: [CHECKOUT_MESSAGES.quantityRange] });
  const cart: LicensedCartLine[] = [...quantities.values()].map(({ id, licence, quantity, amount }) => {
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
      setId: null,
      setTitle: null,
      upgradeOfItemId: null,
    };
  });
  for (const piece of setLines.lines) {
    artworks.set(piece.artwork.id, piece.artwork);
    cart.push({
      artworkId: piece.artwork.id,
      category: piece.artwork.category,
      licence: piece.licence,
      quantity: 1,
      listUnitCents: piece.shareCents,
      // A set's price is already below its pieces' sum: an automatic sale does not lower it again.
      saleEligible: false,
      setId: piece.setId,
      setTitle: piece.setTitle,
      upgradeOfItemId: null,
    });
  }
  for (const upgrade of upgrades.lines) {
    artworks.set(upgrade.artwork.id, upgrade.artwork);
    cart.push({
      artworkId: upgrade.artwork.id,
      category: upgrade.artwork.category,
      licence: 'commercial',
      quantity: 1,
      listUnitCents: upgrade.priceCents,
      // A difference of two prices, not an artwork: no sale lowers it, and it is no further artwork for a break.
      saleEligible: false,
      breakEligible: false,
      setId: null,
      setTitle: null,
      upgradeOfItemId: upgrade.upgradeOfItemId,
    });
  }
  return { cart, artworks };
}
