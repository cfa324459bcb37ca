/** Palette weights are kept to this many decimals. */
export const WEIGHT_DECIMALS = 3;
const UNITS = 10 ** WEIGHT_DECIMALS;

/**
 * Shares to 3 decimals that still add up to exactly 1 (the largest remainder method): each share is first rounded
 * down to whole thousandths, then the thousandths still missing go one each to the shares that lost the most in
 * rounding down (on a tie, the earlier share). Rounding down never reorders shares, and a share given one more
 * thousandth ends at least as heavy as any lighter share, so a list sorted heaviest first stays so. Whole
 * thousandths add up to 1000 exactly; the returned numbers are those thousandths divided by 1000.
 */
export function roundWeights(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (weight / total) * UNITS);
  const units = exact.map(Math.floor);
  let missing = UNITS - units.reduce((sum, unit) => sum + unit, 0);
  const byRemainder = exact.map((value, i) => ({ i, remainder: value - units[i]! }));
  byRemainder.sort((x, y) => y.remainder - x.remainder || x.i - y.i);
  for (const { i } of byRemainder) {
    if (missing <= 0) break;
    units[i]! += 1;
    missing -= 1;
  }
  return units.map((unit) => unit / UNITS);
}
