import type { LicenceTier } from '../licences/licences';
import { splitSetPrice } from './sets';

// Completing a set (decision 0070): a buyer who owns some of a set's pieces under the licence pays for the rest the
// set's price less what they paid for the pieces they own, within two bounds. Zod-free, so the browser may import it.

export const COMPLETE_SET_MESSAGES = {
  allOwned: 'You own every artwork of this set under this licence already: there is nothing left to buy.',
} as const;

/** What a buyer owns: `${artworkId}:${licence}` (`ownedPieceKey`) → what one copy cost them, net of VAT and refunds. */
export type OwnedPieces = ReadonlyMap<string, number>;

export const ownedPieceKey = (artworkId: number, licence: LicenceTier) => `${artworkId}:${licence}`;

export interface SetToComplete {
  /** The set's price under the licence, and its pieces' sum under it (shared/sets/sets.ts `setPricesOf`). */
  setCents: number;
  sumCents: number;
  /** The missing pieces' own prices under the licence, in the set's order. */
  missingCents: readonly number[];
  /** What the buyer paid for the pieces they own, net of VAT and of refunds, added up. */
  paidCents: number;
}

/**
 * The price of the missing pieces: the set's price less what was paid for the owned ones, never below the missing
 * pieces' sum at the set's own ratio (set price ÷ pieces' sum, rounded half up), never above their own sum (bought
 * one by one they would cost no more). The first bound keeps a piece bought dear from making the rest free; the
 * second keeps a piece bought cheap from making the rest dearer than buying them singly.
 */
export function completedSetCents(set: SetToComplete): number {
  const missingSum = set.missingCents.reduce((a, b) => a + b, 0);
  const floor = scaledHalfUp(missingSum, set.setCents, set.sumCents);
  return Math.min(missingSum, Math.max(set.setCents - set.paidCents, floor));
}

/** The completed price split over the missing pieces by the set's own rule (largest remainder, decision 0067). */
export function splitCompletedSet(set: SetToComplete): number[] {
  return splitSetPrice(completedSetCents(set), set.missingCents);
}

/** `value × numerator ÷ denominator`, rounded half up, in BigInt (the product may pass 2^53). */
function scaledHalfUp(value: number, numerator: number, denominator: number): number {
  if (denominator === 0) return value;
  return Number((2n * BigInt(value) * BigInt(numerator) + BigInt(denominator)) / (2n * BigInt(denominator)));
}
