// The one rounding rule of tax, in whole cents (docs/taxes.md): each line's tax is worked out on its own amount
// (after its share of the discount) and rounded half up to the cent; the order's tax is the sum of its lines'. So
// the lines add up to the total exactly, and an invoice's per-rate figures are sums of its lines.

/** Tax on top of a net amount: `net` × rate, half up (1.5 cents → 2). */
export function taxOnNet(netCents: number, rateBp: number): number {
  return Math.floor((netCents * rateBp * 2 + 10_000) / 20_000);
}

/**
 * The tax inside a gross amount (prices that include tax): the gross less the net, the net being gross ÷ (1 + rate)
 * rounded half up. For 10.00 at 19 %: net 8.40 (8.4033…), tax 1.60.
 */
export function taxInGross(grossCents: number, rateBp: number): number {
  const net = Math.floor((grossCents * 10_000 * 2 + (10_000 + rateBp)) / (2 * (10_000 + rateBp)));
  return grossCents - net;
}
