import { describe, expect, it } from 'vitest';
import { cartTotal, discountPercent, formatUsd } from './money';

describe('discountPercent', () => {
  it('rounds (original - price) / original * 100', () => {
    // The upload defaults: 5.90 instead of 10.90 → 45.87… → 46.
    expect(discountPercent(5.9, 10.9)).toBe(46);
    expect(discountPercent(7.5, 10)).toBe(25);
    expect(discountPercent(9.99, 19.99)).toBe(50);
  });

  it('is absent unless the original price is above the price', () => {
    expect(discountPercent(10, 10)).toBeNull();
    expect(discountPercent(12, 10)).toBeNull();
    expect(discountPercent(10, null)).toBeNull();
    expect(discountPercent(10, undefined)).toBeNull();
  });
});

describe('formatUsd', () => {
  it('shows dollars with two decimals', () => {
    expect(formatUsd(5.9)).toBe('$5.90');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});

describe('cartTotal', () => {
  it('sums price × quantity without floating-point drift', () => {
    expect(cartTotal([{ price: 0.1, quantity: 3 }])).toBe(0.3);
    expect(
      cartTotal([
        { price: 5.9, quantity: 2 },
        { price: 9.99, quantity: 1 },
      ]),
    ).toBe(21.79);
    expect(cartTotal([])).toBe(0);
  });
});
