import { describe, expect, it } from 'vitest';
import { parseRefundAmount } from './refund-amount';

describe('a partial refund amount', () => {
  it('reads dollars with or without a sign, into cents', () => {
    expect(parseRefundAmount('12.5', 5000, 'usd')).toEqual({ ok: true, cents: 1250 });
    expect(parseRefundAmount(' $0.01 ', 5000, 'usd')).toEqual({ ok: true, cents: 1 });
    expect(parseRefundAmount('1,000', 200_000, 'usd')).toEqual({ ok: true, cents: 100_000 });
  });

  it('refuses text, zero, three decimals and more than is left', () => {
    expect(parseRefundAmount('ten', 5000, 'usd').ok).toBe(false);
    expect(parseRefundAmount('0', 5000, 'usd')).toEqual({ ok: false, problem: 'Enter an amount above $0.00.' });
    expect(parseRefundAmount('1.005', 5000, 'usd').ok).toBe(false);
    expect(parseRefundAmount('50.01', 5000, 'usd')).toEqual({
      ok: false,
      problem: 'At most $50.00 is left to refund.',
    });
  });

  it('reads and names the order’s currency', () => {
    expect(parseRefundAmount(' €0.01 ', 5000, 'eur')).toEqual({ ok: true, cents: 1 });
    expect(parseRefundAmount('£12.5', 5000, 'gbp')).toEqual({ ok: true, cents: 1250 });
    expect(parseRefundAmount('$1', 5000, 'eur')).toEqual({
      ok: false,
      problem: 'Enter an amount in euros, such as 5.00.',
    });
    expect(parseRefundAmount('0', 5000, 'eur')).toEqual({ ok: false, problem: 'Enter an amount above €0.00.' });
    expect(parseRefundAmount('50.01', 5000, 'gbp')).toEqual({
      ok: false,
      problem: 'At most £50.00 is left to refund.',
    });
  });

  it('reads a code in capitals, and names a currency it has no word for by its code', () => {
    expect(parseRefundAmount('$1', 5000, 'USD')).toEqual({ ok: true, cents: 100 });
    expect(parseRefundAmount('1.005', 5000, 'CHF')).toEqual({
      ok: false,
      problem: 'Enter an amount in CHF, such as 5.00.',
    });
  });
});
