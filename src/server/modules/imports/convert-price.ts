/**
 * A price in the listing's currency converted at the owner's rate, in cents: the rate is taken to six decimals,
 * and the result rounded to the nearest cent, a half cent up (12.50 EUR at 1.085 → 13.5625 → 13.56 USD; 0.005 →
 * 0.01). Integers throughout, so no float error decides a cent.
 */
export function convertCents(cents: number, rate: number): number {
  const micro = BigInt(Math.round(rate * 1_000_000));
  return Number((BigInt(cents) * micro + 500_000n) / 1_000_000n);
}
