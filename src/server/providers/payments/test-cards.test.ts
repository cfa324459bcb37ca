import { describe, expect, it } from 'vitest';
import { cardOutcome, passesLuhn } from './test-cards';

const NOW = new Date('2026-11-21T12:00:00Z');
const card = (
  number: string,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string; postalCode: string }> = {},
) => cardOutcome({ number, expMonth: 12, expYear: 34, cvc: '123', postalCode: '12345', ...overrides }, NOW);

describe('test cards', () => {
  it("gives Stripe's outcome for each of its test numbers", () => {
    expect(card('4242 4242 4242 4242')).toEqual({ kind: 'succeeds', brand: 'visa', last4: '4242' });
    expect(card('4000 0000 0000 0002')).toMatchObject({
      kind: 'refused',
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(card('4000000000009995')).toMatchObject({
      error: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(card('4000000000000069')).toMatchObject({
      error: { code: 'expired_card', message: 'Your card has expired.' },
    });
    expect(card('4000000000000127')).toMatchObject({
      error: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    });
    expect(card('4000000000000119')).toMatchObject({ error: { code: 'processing_error' } });
    expect(card('4000002500003155')).toEqual({ kind: 'authentication', brand: 'visa', last4: '3155' });
  });

  it('refuses a number that fails the Luhn check, and a real card as test mode does', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(card('4242424242424241')).toMatchObject({
      error: { code: 'incorrect_number', message: 'Your card number is incorrect.', field: 'number' },
    });
    expect(card('4111111111111111')).toMatchObject({
      kind: 'refused',
      error: { code: 'card_declined', message: expect.stringContaining('test mode') },
    });
  });

  it('refuses a past expiry, a missing security code and a missing postal code at their fields', () => {
    expect(card('4242424242424242', { expYear: 25 })).toMatchObject({
      error: { code: 'invalid_expiry_year', field: 'expiry' },
    });
    expect(card('4242424242424242', { expMonth: 10, expYear: 26 })).toMatchObject({
      error: { code: 'invalid_expiry_month', field: 'expiry' },
    });
    expect(card('4242424242424242', { expMonth: 11, expYear: 2026 })).toMatchObject({ kind: 'succeeds' });
    expect(card('4242424242424242', { cvc: '' })).toMatchObject({ error: { code: 'incomplete_cvc', field: 'cvc' } });
    expect(card('4242424242424242', { postalCode: ' ' })).toMatchObject({
      error: { code: 'incomplete_zip', field: 'postalCode' },
    });
  });
});
