import { percentOf, spreadByLargestRemainder } from '../money/split-cents';

// Sets of artworks sold together (decisions 0066 and 0067): their limits, texts and the price rules that the server
// applies at every quote and the pages show. Zod-free, so the browser may import it.

export const SET_LIMITS = { minPieces: 2, maxPieces: 12, titleMax: 120, descriptionMax: 2000, maxPercentOff: 90 };

export const SET_MESSAGES = {
  notFound: 'This set is not available.',
  piecesRange: `A set has ${SET_LIMITS.minPieces} to ${SET_LIMITS.maxPieces} artworks.`,
  duplicatePiece: 'An artwork can be in a set only once.',
  onePrice: 'Give the set either a price or a percentage off, not both.',
  coverNotAPiece: 'The cover must be one of the set’s artworks.',
  priceAboveSum: (sum: string) => `The set’s price cannot be above the sum of its artworks (${sum}).`,
  pieceUnknown: (id: number) => `Artwork ${id} does not exist.`,
  pieceNotPublished: (title: string) => `“${title}” is not published: only published artworks can be in a set.`,
  pieceChosenPrice: (title: string) => `“${title}” is free or pay what you want: it cannot be in a set.`,
  pieceNoPersonal: (title: string) => `“${title}” is not sold under the Personal licence: it cannot be in a set.`,
  pieceDeleted: 'One of the set’s artworks was deleted.',
  offSale: 'This set is off sale until its artworks are all available again.',
  licenceNotOffered: 'This set is not sold under that licence: one of its artworks is not.',
  twiceInCart: 'This set is in the cart already: a set is bought once per order.',
} as const;

/** What a set's price needs of one piece, in cents; null where the piece does not offer that licence. */
export interface PiecePrices {
  personalCents: number | null;
  commercialCents: number | null;
}

/** How the owner gave the set's price: a price of its own, or a whole percentage off the pieces' sum. */
export type SetPriceRule = { priceCents: number; percentOff: null } | { priceCents: null; percentOff: number };

export interface SetPrice {
  /** The pieces' current prices added up. */
  sumCents: number;
  /** What the set costs: never above sumCents. */
  cents: number;
}

/** The set's Personal and Commercial prices now; null: that licence is not offered (a piece does not offer it). */
export interface SetPrices {
  personal: SetPrice | null;
  commercial: SetPrice | null;
}

const sumOf = (values: ReadonlyArray<number | null>): number | null =>
  values.some((value) => value === null) ? null : values.reduce<number>((a, b) => a + b!, 0);

/**
 * The set's prices from its pieces' current prices. Personal: the set's own price, never above the pieces' sum (the
 * sum when the pieces got cheaper), or the sum less the percentage, rounded half up. Commercial, offered only when
 * every piece offers it: the pieces' Commercial sum times the set's ratio (Personal price ÷ Personal sum), rounded
 * half up, so the buyer gets the same saving under both licences.
 */
export function setPricesOf(pieces: readonly PiecePrices[], rule: SetPriceRule): SetPrices {
  const personalSum = sumOf(pieces.map((piece) => piece.personalCents));
  if (personalSum === null || pieces.length === 0) return { personal: null, commercial: null };
  const personalCents =
    rule.priceCents !== null
      ? Math.min(rule.priceCents, personalSum)
      : personalSum - percentOf(personalSum, rule.percentOff);
  const commercialSum = sumOf(pieces.map((piece) => piece.commercialCents));
  return {
    personal: { sumCents: personalSum, cents: personalCents },
    commercial:
      commercialSum === null
        ? null
        : { sumCents: commercialSum, cents: scaled(commercialSum, personalCents, personalSum) },
  };
}

/** `value × numerator ÷ denominator`, rounded half up, in BigInt (the product may pass 2^53). */
function scaled(value: number, numerator: number, denominator: number): number {
  if (denominator === 0) return value;
  const twice = 2n * BigInt(value) * BigInt(numerator) + BigInt(denominator);
  return Number(twice / (2n * BigInt(denominator)));
}

/**
 * The rule that splits a set's price into one line per piece (decision 0067): in proportion to the pieces' current
 * prices under the line's licence, whole cents by largest remainder, a cent left over going to the largest remainder
 * and ties to the earlier piece. The lines add up to the set's price exactly, and none is above its piece's price.
 */
export function splitSetPrice(setCents: number, pieceCents: readonly number[]): number[] {
  return spreadByLargestRemainder(setCents, pieceCents);
}
