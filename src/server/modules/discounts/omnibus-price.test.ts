import { describe, expect, it } from 'vitest';
import { lowestPriceBefore, wasPriceOf } from './omnibus-price';

const start = new Date('2026-06-01T00:00:00.000Z');
const daysBefore = (days: number) => new Date(start.getTime() - days * 86_400_000);
const point = (cents: number, days: number) => ({ cents, at: daysBefore(days) });

describe('the lowest price of the 30 days before a sale', () => {
  it.each([
    ['the price in force all along', [point(2000, 90)], 2000],
    ['a cut 10 days before', [point(2000, 90), point(1500, 10)], 1500],
    ['a cut then a raise before', [point(2000, 90), point(1500, 10), point(2500, 2)], 1500],
    ['a low price that ended before the window', [point(900, 60), point(2000, 31)], 2000],
    ['the one in force when the window opened', [point(900, 45), point(2000, 20)], 900],
    ['a price set exactly when the window opened', [point(900, 45), point(2000, 30)], 2000],
    ['a price set when the sale started is not before it', [point(2000, 90), point(500, 0)], 2000],
    ['listed during the sale', [point(2000, -1)], null],
    ['no history', [], null],
  ])('%s', (_name, history, lowest) => {
    expect(lowestPriceBefore(history, start)).toBe(lowest);
  });

  it('is struck through only when the sale price is below it', () => {
    expect(wasPriceOf([point(1500, 10)], start, 1200)).toBe(1500);
    expect(wasPriceOf([point(1500, 10)], start, 1500)).toBeNull();
    expect(wasPriceOf([], start, 1200)).toBeNull();
  });
});
