import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setPricesOf, splitSetPrice } from './sets';

describe("a set's prices", () => {
  const pieces = [
    { personalCents: 1000, commercialCents: 4000 },
    { personalCents: 2000, commercialCents: 6000 },
  ];

  it('takes the percentage off the sum, half up, and gives Commercial the same ratio', () => {
    expect(setPricesOf(pieces, { priceCents: null, percentOff: 15 })).toEqual({
      personal: { sumCents: 3000, cents: 2550 },
      commercial: { sumCents: 10000, cents: 8500 },
    });
    // 15 % of 1001 is 150.15 → 150; 1001 − 150 = 851.
    expect(setPricesOf([{ personalCents: 1001, commercialCents: null }], { priceCents: null, percentOff: 15 })).toEqual(
      {
        personal: { sumCents: 1001, cents: 851 },
        commercial: null,
      },
    );
  });

  it('is never above the sum, and offers Commercial only when every piece does', () => {
    const cheaper = setPricesOf(pieces, { priceCents: 3500, percentOff: null });
    expect(cheaper.personal).toEqual({ sumCents: 3000, cents: 3000 });
    expect(cheaper.commercial).toEqual({ sumCents: 10000, cents: 10000 });
    const oneWithout = setPricesOf([pieces[0]!, { personalCents: 500, commercialCents: null }], {
      priceCents: 1200,
      percentOff: null,
    });
    expect(oneWithout).toEqual({ personal: { sumCents: 1500, cents: 1200 }, commercial: null });
    expect(setPricesOf([{ personalCents: null, commercialCents: 10 }], { priceCents: 5, percentOff: null })).toEqual({
      personal: null,
      commercial: null,
    });
  });
});

describe("the split of a set's price into lines", () => {
  it('adds up to the cent and keeps each line within its piece, for 1,000 generated sets', () => {
    const set = fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 2, maxLength: 12 }).chain((prices) => {
      const sum = prices.reduce((a, b) => a + b, 0);
      return fc.tuple(fc.constant(prices), fc.integer({ min: 0, max: sum }));
    });
    fc.assert(
      fc.property(set, ([prices, setCents]) => {
        const lines = splitSetPrice(setCents, prices);
        expect(lines).toHaveLength(prices.length);
        expect(lines.reduce((a, b) => a + b, 0)).toBe(setCents);
        lines.forEach((line, index) => {
          expect(Number.isInteger(line)).toBe(true);
          expect(line).toBeGreaterThanOrEqual(0);
          expect(line).toBeLessThanOrEqual(prices[index]!);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the cents left over to the largest remainders, ties to the earlier piece', () => {
    // 1000 over three equal pieces: 333.33 each, the one cent left to the first.
    expect(splitSetPrice(1000, [500, 500, 500])).toEqual([334, 333, 333]);
    expect(splitSetPrice(2550, [1000, 2000])).toEqual([850, 1700]);
  });
});
