import { describe, expect, it } from 'vitest';
import { shownPrice } from './shown-price';

describe('the price shown for an artwork', () => {
  it('is the price with the compare-at price struck through when no sale covers it', () => {
    expect(shownPrice({ price: 15, originalPrice: 20, salePrice: null, wasPrice: null })).toEqual({
      price: 15,
      was: 20,
      percentOff: 25,
    });
    expect(shownPrice({ price: 15, originalPrice: null, salePrice: null, wasPrice: null }).was).toBeNull();
  });

  it("under a sale is the sale price with the 30 days' lowest struck through, never the compare-at price", () => {
    expect(shownPrice({ price: 15, originalPrice: 30, salePrice: 12, wasPrice: 15 })).toEqual({
      price: 12,
      was: 15,
      percentOff: 20,
    });
    // The sale is not below the lowest price of the 30 days before it: nothing struck through, no percentage.
    expect(shownPrice({ price: 15, originalPrice: 30, salePrice: 12, wasPrice: null })).toEqual({
      price: 12,
      was: null,
      percentOff: null,
    });
  });
});
