// The two rounding rules of every discount, in whole cents (docs/decisions/0037-discounts-and-sales.md):
// a percentage is rounded half up to the cent, and an order's discount is spread over its lines by largest
// remainder, so the lines' shares add up to it exactly.

/** `percent` % of `cents`, rounded half up to the cent (12.5 → 13). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent * 2 + 100) / 200);
}

/**
 * `total` cents spread over `weights` in proportion to them: each gets the whole cents of its exact share, and the
 * cents left over go one each to the largest remainders (ties to the earlier line). The shares add up to `total`
 * and none exceeds its weight when `total` does not exceed their sum.
 */
export function spreadByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  // In BigInt: a total and a weight of a hundred million cents each would pass 2^53 when multiplied.
  const exact = weights.map((weight) => {
    const product = BigInt(total) * BigInt(weight);
    return { whole: Number(product / BigInt(sum)), rest: Number(product % BigInt(sum)) };
  });
  let left = total - exact.reduce((a, share) => a + share.whole, 0);
  const order = exact.map((_, index) => index).sort((a, b) => exact[b]!.rest - exact[a]!.rest || a - b);
  const shares = exact.map((share) => share.whole);
  for (const index of order) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
