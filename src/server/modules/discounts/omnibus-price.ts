// The "was" price shown struck through beside a sale price. The EU's Omnibus rule (Directive 98/6/EC, art. 6a):
// an announced price reduction must show the lowest price the seller charged in the 30 days before it. So the
// store strikes through that lowest price, not the owner's compare-at price, and none when the sale does not
// actually go below it.

export const OMNIBUS_DAYS = 30;

export interface PricePoint {
  cents: number;
  /** From when this price was charged. */
  at: Date;
}

/**
 * The lowest price of the 30 days before `saleStart`: the prices recorded in that window and the one in force when
 * it opened. Null when the artwork had no price before the sale (it was listed during it).
 */
export function lowestPriceBefore(history: readonly PricePoint[], saleStart: Date): number | null {
  const windowStart = saleStart.getTime() - OMNIBUS_DAYS * 86_400_000;
  let inForce: PricePoint | undefined;
  let lowest: number | null = null;
  for (const point of history) {
    const at = point.at.getTime();
    if (at >= saleStart.getTime()) continue;
    if (at <= windowStart) {
      if (!inForce || at >= inForce.at.getTime()) inForce = point;
    } else lowest = lowest === null ? point.cents : Math.min(lowest, point.cents);
  }
  if (inForce) lowest = lowest === null ? inForce.cents : Math.min(lowest, inForce.cents);
  return lowest;
}

/** What to strike through beside `saleCents`: the Omnibus price, only when the sale goes below it. */
export function wasPriceOf(history: readonly PricePoint[], saleStart: Date, saleCents: number): number | null {
  const lowest = lowestPriceBefore(history, saleStart);
  return lowest !== null && lowest > saleCents ? lowest : null;
}
