import { CHOSEN_AMOUNT_MESSAGES, chosenAmountProblem } from '#shared/orders/chosen-amount.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import type { ArtworkRow } from '../../db/schema';

type ChosenArtwork = Pick<ArtworkRow, 'title' | 'minimum_price_cents'>;

/**
 * The cart's pay-what-you-want lines that cannot be priced, by field, each with a sentence: no amount chosen, an
 * amount the rules refuse (below the minimum, between 0 and the provider's smallest charge, above the highest
 * price), or the artwork more than once in the cart, as it is sold one to an order. Lines of fixed-price artworks
 * are not looked at: their amount is the browser's and ignored.
 */
export function chosenAmountsRefused(
  items: ReadonlyArray<{ id: number; quantity: number; amount?: number | undefined }>,
  artworks: ReadonlyMap<number, ChosenArtwork>,
  currency: StoreCurrency,
): Record<string, string[]> {
  const refused: Record<string, string[]> = {};
  const seen = new Set<number>();
  items.forEach((item, index) => {
    const artwork = artworks.get(item.id);
    if (!artwork || artwork.minimum_price_cents === null) return;
    if (item.quantity !== 1 || seen.has(item.id))
      refused[`items.${index}.quantity`] = [CHOSEN_AMOUNT_MESSAGES.oneOnly(artwork.title)];
    seen.add(item.id);
    if (item.amount === undefined) {
      refused[`items.${index}.amount`] = [CHOSEN_AMOUNT_MESSAGES.missing(artwork.title)];
      return;
    }
    const problem = chosenAmountProblem(item.amount, artwork.minimum_price_cents, currency);
    if (problem) refused[`items.${index}.amount`] = [problem];
  });
  return refused;
}
