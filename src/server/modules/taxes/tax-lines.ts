import { taxInGross, taxOnNet } from './tax-rounding';

export interface TaxedLine {
  /** Without tax. */
  netCents: number;
  taxCents: number;
  /** What the buyer pays for the line: net + tax. */
  grossCents: number;
  rateBp: number;
}

/**
 * Tax on each line's amount (after its share of the discount: discounts apply before tax), one line at a time with
 * tax-rounding.ts's rule. With prices that include tax the amount is what the buyer pays and the tax is inside it;
 * otherwise the tax is added to it. A rate of 0 (outside the registrations, the reverse charge) leaves the amount as
 * it is either way: every buyer pays the shown price.
 */
export function taxLines(amounts: readonly number[], rateBp: number, pricesIncludeTax: boolean): TaxedLine[] {
  return amounts.map((amount) => {
    if (pricesIncludeTax) {
      const tax = taxInGross(amount, rateBp);
      return { netCents: amount - tax, taxCents: tax, grossCents: amount, rateBp };
    }
    const tax = taxOnNet(amount, rateBp);
    return { netCents: amount, taxCents: tax, grossCents: amount + tax, rateBp };
  });
}
