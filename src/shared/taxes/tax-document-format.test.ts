import { describe, expect, it } from 'vitest';
import {
  documentCountry,
  formatDocumentMoney,
  placeOfSupplyLine,
  rateLabel,
  refersToLine,
  showsTaxByRate,
  taxDocumentFileName,
  taxDocumentPath,
} from './tax-document-format';

const evidence = {
  country: null,
  billingCountry: null,
  cardCountry: null,
  confirmedByBuyer: false,
  scheme: null,
  vatNumberCheckedBy: null,
};

describe('how a tax document reads', () => {
  it('formats cents in the document’s own currency', () => {
    expect(formatDocumentMoney(1800, 'usd')).toBe('$18.00');
    expect(formatDocumentMoney(950, 'eur')).toBe('€9.50');
    expect(formatDocumentMoney(123450, 'GBP')).toBe('£1,234.50');
    expect(formatDocumentMoney(0, 'eur')).toBe('€0.00');
  });

  it('keeps a number with a slash in its prefix one segment of its address, and out of its file name', () => {
    expect(taxDocumentPath('INV-000042')).toBe('/invoices/INV-000042');
    expect(taxDocumentPath('INV/2026/000042')).toBe('/invoices/INV%2F2026%2F000042');
    expect(taxDocumentFileName('INV/2026/000042')).toBe('INV-2026-000042.pdf');
  });

  it('names rates by how they were taxed', () => {
    expect(rateLabel({ treatment: 'vat', rateBp: 1900 })).toBe('VAT 19 %');
    expect(rateLabel({ treatment: 'vat', rateBp: 2550 })).toBe('VAT 25.5 %');
    expect(rateLabel({ treatment: 'reverse-charge', rateBp: 0 })).toBe('Reverse charge');
    expect(rateLabel({ treatment: 'outside', rateBp: 0 })).toBe('No VAT');
    const untaxed = { country: 'US', treatment: 'outside' as const, rateBp: 0, netCents: 900, taxCents: 0 };
    expect(showsTaxByRate({ rates: [untaxed] })).toBe(false);
    expect(showsTaxByRate({ rates: [untaxed, { ...untaxed, treatment: 'reverse-charge' }] })).toBe(true);
  });

  it('says where the sale was taxed and on what evidence', () => {
    expect(placeOfSupplyLine({ placeOfSupply: evidence })).toBeNull();
    expect(
      placeOfSupplyLine({
        placeOfSupply: { ...evidence, country: 'DE', billingCountry: 'DE', cardCountry: 'AT', confirmedByBuyer: true },
      }),
    ).toBe(
      'Place of supply: Germany (evidence: billing address in Germany, card issued in Austria, country confirmed by the buyer).',
    );
    expect(placeOfSupplyLine({ placeOfSupply: { ...evidence, billingCountry: 'US', cardCountry: 'US' } })).toBe(
      'Buyer’s country: billing address in United States, card issued in United States.',
    );
    expect(documentCountry('XX')).toBe('—');
  });

  it('refers a credit note to its invoice by number and date', () => {
    expect(refersToLine({ invoice: null })).toBeNull();
    expect(refersToLine({ invoice: { number: 'INV-000042', issuedAt: '2026-11-26T23:30:00.000Z' } })).toBe(
      'Refers to invoice INV-000042 of November 26, 2026',
    );
  });
});
