import type { Kysely } from 'kysely';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { SetSuggestion } from '#shared/orders/cart-quote-schema.ts';
import { setPricesOf } from '#shared/sets/sets.ts';
import type { ArtworkRow, Database } from '../../db/schema';
import { findVisibleArtworksByIds } from '../artworks';
import { findSetIdsWithArtworks, findSets } from './repository';
import { priceRuleOf, setAnswerOf } from './set-view';

const pieceCents = (row: ArtworkRow, licence: LicenceTier) =>
  licence === 'personal' ? row.price_cents : row.commercial_price_cents;

/**
 * "Add the other N and save $X" (decision 0070): for each set on sale of which the cart holds some but not all
 * pieces as artworks of their own under one licence (and that is not in the cart already under it), what buying the
 * set instead saves: the pieces' own prices added up (those in the cart and the missing ones) less the set's price
 * under that licence. Only savings above zero are suggested, largest first.
 */
export async function setSuggestionsFor(
  db: Kysely<Database>,
  cart: {
    items: ReadonlyArray<{ id: number; licence: LicenceTier }>;
    sets: ReadonlyArray<{ setId: number; licence: LicenceTier }>;
  },
): Promise<SetSuggestion[]> {
  const sets = await findSets(db, await findSetIdsWithArtworks(db, [...new Set(cart.items.map((item) => item.id))]));
  if (sets.length === 0) return [];
  const pieceIds = sets.flatMap((set) => set.pieces).filter((id): id is number => id !== null);
  const artworks = new Map((await findVisibleArtworksByIds(db, pieceIds)).map((row) => [row.id, row]));
  const suggestions: SetSuggestion[] = [];
  for (const set of sets) {
    const answer = setAnswerOf(set, artworks);
    if (!answer.onSale) continue;
    const rows = set.pieces.map((id) => artworks.get(id!)!);
    const prices = setPricesOf(
      rows.map((row) => ({ personalCents: row.price_cents, commercialCents: row.commercial_price_cents })),
      priceRuleOf(set),
    );
    for (const licence of ['personal', 'commercial'] as const) {
      const price = prices[licence];
      if (!price || cart.sets.some((line) => line.setId === set.id && line.licence === licence)) continue;
      const inCart = rows.filter((row) => cart.items.some((item) => item.id === row.id && item.licence === licence));
      if (inCart.length === 0 || inCart.length === rows.length) continue;
      const saveCents = rows.reduce((sum, row) => sum + (pieceCents(row, licence) ?? 0), 0) - price.cents;
      if (saveCents <= 0) continue;
      suggestions.push({
        setId: set.id,
        title: set.title,
        licence,
        inCart: inCart.map((row) => row.id),
        missing: rows.length - inCart.length,
        save: saveCents,
        pieces: rows.length,
        price: price.cents,
        coverUrl: answer.cover?.imageUrl ?? null,
      });
    }
  }
  return suggestions.sort((a, b) => b.save - a.save || a.setId - b.setId);
}
