import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardProblems, isCardField, passesLuhn } from './card-checks';

const today = new Date(2026, 10, 21); // 21 November 2026
const good = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '12345' };

describe('the test card form checks', () => {
  it('accepts the test cards', () => {
    for (const number of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0025 0000 3155']) {
      expect(cardProblems({ ...good, number }, today)).toEqual({});
    }
  });

  it('names each missing or wrong part in Stripe’s words', () => {
    expect(cardProblems({ number: '4242', expiry: '12', cvc: '1', postalCode: ' ' }, today)).toEqual({
      number: CARD_MESSAGES.numberIncomplete,
      expiry: CARD_MESSAGES.expiryIncomplete,
      cvc: CARD_MESSAGES.cvcIncomplete,
      postalCode: CARD_MESSAGES.postalCodeIncomplete,
    });
    expect(cardProblems({ ...good, number: '4242 4242 4242 4241' }, today).number).toBe(CARD_MESSAGES.numberInvalid);
    expect(cardProblems({ ...good, expiry: '13 / 30' }, today).expiry).toBe(CARD_MESSAGES.expiryMonthInvalid);
    expect(cardProblems({ ...good, expiry: '12 / 25' }, today).expiry).toBe(CARD_MESSAGES.expiryYearPast);
    expect(cardProblems({ ...good, expiry: '10 / 26' }, today).expiry).toBe(CARD_MESSAGES.expiryPast);
    // Good until the end of its month.
    expect(cardProblems({ ...good, expiry: '11 / 26' }, today).expiry).toBeUndefined();
  });

  it('computes the Luhn checksum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('knows which fields a provider error may name', () => {
    expect(isCardField('postalCode')).toBe(true);
    expect(isCardField('email')).toBe(false);
    expect(isCardField(undefined)).toBe(false);
  });
});
