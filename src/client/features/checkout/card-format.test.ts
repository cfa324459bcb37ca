import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatCvc, formatExpiry, parseExpiry } from './card-format';

describe('card formatting as you type', () => {
  it('groups the card number by four and keeps digits only, at most 19', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('4242-4242 x')).toBe('4242 4242');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it("writes the expiry as 'MM / YY'", () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('434')).toBe('04 / 34');
    // Deleting the last year digit leaves the month alone, without a dangling separator.
    expect(formatExpiry('12 / ')).toBe('12');
  });

  it('reads a complete expiry only', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('12 / 3')).toBeNull();
  });

  it('keeps the security code to four digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('puts the caret back after the same digits', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('12 / 34', 3)).toBe(6);
    expect(caretAfterDigits('12 / 34', 0)).toBe(0);
    expect(caretAfterDigits('12', 9)).toBe(2);
  });
});
