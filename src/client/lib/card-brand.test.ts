import { describe, expect, it } from 'vitest';
import { cardSummary } from './card-brand';

describe('the card that paid', () => {
  it('names the brand as it writes itself, and says nothing without brand and last four', () => {
    expect(cardSummary('visa', '4242')).toBe('Visa ending in 4242');
    expect(cardSummary('amex', '0005')).toBe('American Express ending in 0005');
    expect(cardSummary('cartes_bancaires', '1234')).toBe('Cartes_bancaires ending in 1234');
    expect(cardSummary(null, '4242')).toBeNull();
    expect(cardSummary('visa', null)).toBeNull();
  });
});
