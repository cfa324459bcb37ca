import { describe, expect, it } from 'vitest';
import { cartTotal, currencySymbol, discountPercent, formatMoney, formatMoneyCents } from './money';

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

describe('formatMoney', () => {
  it('shows the store currency with its symbol first and two decimals', () => {
    expect(formatMoney(5.9, 'usd')).toBe('$5.90');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
    expect(formatMoney(1234.5, 'usd')).toBe('$1,234.50');
    expect(formatMoney(12.5, 'eur')).toBe('€12.50');
    expect(formatMoney(1234.5, 'eur')).toBe('€1,234.50');
    expect(formatMoney(12.5, 'gbp')).toBe('£12.50');
    expect(formatMoney(0.3, 'gbp')).toBe('£0.30');
  });

  it('reads an order’s currency code whatever its case, and cents', () => {
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
    expect(formatMoneyCents(1250, 'eur')).toBe('€12.50');
    expect(formatMoneyCents(590, 'usd')).toBe('$5.90');
    expect(formatMoneyCents(30, 'gbp')).toBe('£0.30');
  });

  it('names the symbol of a money input', () => {
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('eur')).toBe('€');
    expect(currencySymbol('gbp')).toBe('£');
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
