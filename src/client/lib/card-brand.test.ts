import { describe, expect, it } from 'vitest';
import { cardSummary, paidWithText } from './card-brand';

describe('the card that paid', () => {
  it('names the brand as it writes itself, and says nothing without brand and last four', () => {
    expect(cardSummary('visa', '4242')).toBe('Visa ending in 4242');
    expect(cardSummary('amex', '0005')).toBe('American Express ending in 0005');
    expect(cardSummary('cartes_bancaires', '1234')).toBe('Cartes_bancaires ending in 1234');
    expect(cardSummary(null, '4242')).toBeNull();
    expect(cardSummary('visa', null)).toBeNull();
  });
});

describe('paidWithText', () => {
  it('names a plain card by its summary, and a wallet, Link or a local method by its label', () => {
    const card = { cardBrand: 'visa', cardLast4: '4242' };
    expect(paidWithText({ ...card, paymentMethod: 'Visa ••4242' })).toBe('Visa ending in 4242');
    expect(paidWithText({ ...card, paymentMethod: null })).toBe('Visa ending in 4242');
    expect(paidWithText({ ...card, paymentMethod: 'Apple Pay (Visa ••4242)' })).toBe('Apple Pay (Visa ••4242)');
    const none = { cardBrand: null, cardLast4: null };
    expect(paidWithText({ ...none, paymentMethod: 'iDEAL (ING)' })).toBe('iDEAL (ING)');
    expect(paidWithText({ ...none, paymentMethod: 'Link' })).toBe('Link');
    expect(paidWithText({ ...none, paymentMethod: null })).toBeNull();
  });
});
