import type { Kysely } from 'kysely';
import { LICENCE_TIERS } from '#shared/licences/licences.ts';
import { fromCents } from '#shared/money/money.ts';
import type { SetCompletionAnswer } from '#shared/sets/set-schema.ts';
import type { Database } from '../../db/schema';
import { getSetOnSale } from './service';
import { loadSetLines, type OwnedPiecesLookup } from './set-cart-lines';

/**
 * A buyer's price for the rest of a set under each licence it is sold under (decision 0070), priced by the cart's
 * own path (`loadSetLines`), so the page shows what the checkout will charge before discounts and tax. A set off
 * sale is a 404, as its page is.
 */
export async function setCompletionFor(
  db: Kysely<Database>,
  setId: number,
  ownedOf: OwnedPiecesLookup,
): Promise<SetCompletionAnswer> {
  const set = await getSetOnSale(db, setId);
  const answer: SetCompletionAnswer = { pieces: set.pieces.length, personal: null, commercial: null };
  for (const licence of LICENCE_TIERS) {
    const offered = set[licence];
    if (!offered) continue;
    const { completions } = await loadSetLines(db, [{ setId, licence }], ownedOf);
    const [completion] = completions;
    answer[licence] = completion
      ? { owned: completion.owned, price: fromCents(completion.cents), setPrice: offered.price }
      : // Refused with a set on sale and the licence offered: the buyer owns every piece.
        { owned: set.pieces.length, price: null, setPrice: offered.price };
  }
  return answer;
}
