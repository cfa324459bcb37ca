import { describe, expect, it } from 'vitest';
import { methodCountry, methodLabel } from './payment-method-label';

describe('how a payment method is named', () => {
  it('names a card, a card in a wallet, Link and the local methods with their bank', () => {
    expect(methodLabel({ type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } })).toBe('Visa ••4242');
    expect(methodLabel({ type: 'card', card: { brand: 'visa', last4: '4242', wallet: { type: 'apple_pay' } } })).toBe(
      'Apple Pay (Visa ••4242)',
    );
    expect(
      methodLabel({ type: 'card', card: { brand: 'mastercard', last4: '4444', wallet: { type: 'google_pay' } } }),
    ).toBe('Google Pay (Mastercard ••4444)');
    expect(methodLabel({ type: 'link' })).toBe('Link');
    expect(methodLabel({ type: 'ideal', ideal: { bank: 'ing' } })).toBe('iDEAL (ING)');
    expect(methodLabel({ type: 'ideal', ideal: { bank: 'triodos_bank' } })).toBe('iDEAL (Triodos Bank)');
    expect(methodLabel({ type: 'ideal', ideal: { bank: null } })).toBe('iDEAL');
    expect(methodLabel({ type: 'bancontact', bancontact: { bank_name: 'KBC' } })).toBe('Bancontact (KBC)');
    expect(methodLabel({ type: 'eps', eps: { bank: 'bank_austria' } })).toBe('EPS (Bank Austria)');
    expect(methodLabel({ type: 'sepa_debit', sepa_debit: { last4: '3000' } })).toBe('SEPA Direct Debit ••3000');
    expect(methodLabel({ type: 'klarna' })).toBe('Klarna');
    expect(methodLabel({ type: 'some_new_method' })).toBe('Some New Method');
  });

  it('tells the country a method without a card gives, where it gives one', () => {
    expect(methodCountry({ type: 'sepa_debit', sepa_debit: { country: 'de' } })).toBe('DE');
    expect(methodCountry({ type: 'ideal' })).toBe('NL');
    expect(methodCountry({ type: 'bancontact' })).toBe('BE');
    expect(methodCountry({ type: 'eps' })).toBe('AT');
    expect(methodCountry({ type: 'klarna' })).toBeNull();
  });
});
