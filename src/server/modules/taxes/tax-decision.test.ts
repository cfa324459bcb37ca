import { describe, expect, it } from 'vitest';
import { creditNoteContent, invoiceContent } from './document-content';
import { placeOfSupply } from './place-of-supply';
import { taxLines } from './tax-lines';
import { taxInGross, taxOnNet } from './tax-rounding';
import { taxRuleFor, type TaxSettings } from './tax-rule';
import type { OrderItemRow, OrderRow } from '../../db/schema';

const settings = (registrations: string, sellerCountry: string | null = 'US'): TaxSettings => ({
  registrations: new Set(
    registrations.split(',').filter(Boolean) as TaxSettings['registrations'] extends ReadonlySet<infer R> ? R[] : never,
  ),
  sellerCountry,
});

describe('the place of supply: billing and card countries', () => {
  it.each([
    [
      'both agree',
      { billingCountry: 'DE', cardCountry: 'DE' },
      { status: 'known', country: 'DE', confirmedByBuyer: false },
    ],
    [
      'only the billing country yet',
      { billingCountry: 'FR', cardCountry: null },
      { status: 'known', country: 'FR', confirmedByBuyer: false },
    ],
    [
      'disagree, unanswered',
      { billingCountry: 'DE', cardCountry: 'US' },
      { status: 'mismatch', billingCountry: 'DE', cardCountry: 'US' },
    ],
    [
      'disagree, the buyer chose the card',
      { billingCountry: 'DE', cardCountry: 'US', confirmedCountry: 'US' },
      { status: 'known', country: 'US', confirmedByBuyer: true },
    ],
    [
      'disagree, a third country answered',
      { billingCountry: 'DE', cardCountry: 'US', confirmedCountry: 'FR' },
      { status: 'mismatch', billingCountry: 'DE', cardCountry: 'US' },
    ],
    ['nothing known', { billingCountry: null, cardCountry: null }, { status: 'unknown' }],
  ])('%s', (_name, evidence, expected) => {
    expect(placeOfSupply(evidence)).toEqual(expected);
  });
});

describe('the tax rule of a sale to a country', () => {
  it.each([
    [
      'a German consumer of a One-Stop-Shop seller',
      'eu',
      'US',
      'DE',
      false,
      { treatment: 'vat', scheme: 'oss', rateBp: 1900 },
    ],
    ['a Finnish consumer (25.5 %)', 'eu', 'US', 'FI', false, { treatment: 'vat', scheme: 'oss', rateBp: 2550 }],
    [
      'a consumer in the seller’s own EU country',
      'eu',
      'FR',
      'FR',
      false,
      { treatment: 'vat', scheme: 'domestic', rateBp: 2000 },
    ],
    [
      'an EU seller under the threshold: its own rate',
      'eu-home',
      'NL',
      'DE',
      false,
      { treatment: 'vat', scheme: 'eu-home', rateBp: 2100 },
    ],
    ['a British consumer', 'eu,gb', 'US', 'GB', false, { treatment: 'vat', scheme: 'gb', rateBp: 2000 }],
    ['a Norwegian consumer', 'no', 'US', 'NO', false, { treatment: 'vat', scheme: 'no', rateBp: 2500 }],
    ['a British consumer without gb', 'eu', 'US', 'GB', false, { treatment: 'outside', rateBp: 0 }],
    ['an American buyer', 'eu,gb,no', 'US', 'US', false, { treatment: 'outside', rateBp: 0 }],
    ['no registration at all', '', 'US', 'DE', false, { treatment: 'outside', rateBp: 0 }],
    [
      'a French business: reverse charge',
      'eu',
      'US',
      'FR',
      true,
      { treatment: 'reverse-charge', scheme: 'oss', rateBp: 0 },
    ],
    ['a business where nothing is collected', 'gb', 'US', 'FR', true, { treatment: 'outside', rateBp: 0 }],
  ])('%s', (_name, registrations, seller, country, reverseCharge, expected) => {
    expect(taxRuleFor(settings(registrations, seller), country, reverseCharge)).toMatchObject({ ...expected, country });
  });
});

describe('the rounding rule: per line, half up', () => {
  it('rounds the tax on a net amount half up', () => {
    expect(taxOnNet(1000, 1900)).toBe(190);
    expect(taxOnNet(250, 1900)).toBe(48); // 47.5 → 48
    expect(taxOnNet(1, 2000)).toBe(0); // 0.2 → 0
    expect(taxOnNet(3, 2550)).toBe(1); // 0.765 → 1
  });

  it('takes the tax out of a gross amount: the net is rounded half up', () => {
    expect(taxInGross(1000, 1900)).toBe(160); // net 840.336… → 840
    expect(taxInGross(1190, 1900)).toBe(190);
    expect(taxInGross(2400, 2000)).toBe(400);
  });

  it('adds the tax to each line, and the lines add up to the total exactly', () => {
    const lines = taxLines([1999, 2500, 1], 1900, false);
    expect(lines.map((line) => line.taxCents)).toEqual([380, 475, 0]);
    const total = lines.reduce((sum, line) => sum + line.grossCents, 0);
    expect(total).toBe(1999 + 2500 + 1 + 380 + 475);
    for (const line of lines) expect(line.netCents + line.taxCents).toBe(line.grossCents);
  });

  it('keeps the shown prices with prices that include tax: every buyer pays the same, the net varies', () => {
    const german = taxLines([1900, 2400], 1900, true);
    const french = taxLines([1900, 2400], 2000, true);
    expect(german.map((line) => line.grossCents)).toEqual([1900, 2400]);
    expect(french.map((line) => line.grossCents)).toEqual([1900, 2400]);
    expect(german.map((line) => line.netCents)).toEqual([1597, 2017]);
    expect(french.map((line) => line.netCents)).toEqual([1583, 2000]);
  });

  it('charges nothing at a rate of 0, inclusive or not', () => {
    expect(taxLines([1234], 0, true)).toEqual([{ netCents: 1234, taxCents: 0, grossCents: 1234, rateBp: 0 }]);
    expect(taxLines([1234], 0, false)).toEqual([{ netCents: 1234, taxCents: 0, grossCents: 1234, rateBp: 0 }]);
  });
});

describe('credit notes against an invoice', () => {
  const order = {
    id: 1,
    order_number: 'WA-TEST',
    first_name: 'Ada',
    last_name: 'Lovelace',
    customer_email: 'ada@example.com',
    currency: 'eur',
    subtotal_cents: 3000,
    discount_cents: 300,
    paid_at: '2026-11-26T10:00:00.000Z',
    tax_country: 'DE',
    billing_country: 'DE',
    card_country: 'DE',
    country_confirmed: 0,
    tax_treatment: 'vat',
    tax_scheme: 'oss',
    vat_number: null,
    vat_number_checked_by: null,
    prices_include_tax: 0,
  } as unknown as OrderRow;
  const item = (id: number, amount: number, tax: number) =>
    ({
      id,
      order_id: 1,
      title: `Print ${id}`,
      artist: 'A',
      licence: 'personal',
      quantity: 1,
      line_total_cents: amount,
      discount_cents: 150,
      net_cents: amount,
      tax_cents: tax,
      tax_rate_bp: 1900,
    }) as unknown as OrderItemRow;
  const header = (number: string) => ({
    number,
    issuedAt: new Date('2026-11-26T10:00:00Z'),
    seller: { name: 'Seller', address: 'Street 1', country: 'US', taxId: 'EU123' },
    storeName: 'Store',
  });
  const invoice = invoiceContent(order, [item(1, 1350, 257), item(2, 1350, 257)], header('INV-000001'));

  it('adds up the invoice from its lines: discount before tax, tax per rate', () => {
    expect(invoice.totals).toEqual({
      subtotalCents: 3000,
      discountCents: 300,
      netCents: 2700,
      taxCents: 514,
      totalCents: 3214,
    });
    expect(invoice.rates).toEqual([{ country: 'DE', treatment: 'vat', rateBp: 1900, netCents: 2700, taxCents: 514 }]);
  });

  it('takes back the tax in proportion, and a full refund after partial ones takes back the invoice exactly', () => {
    const steps = [0, 1000, 1001, 2500, 3214];
    const notes = steps
      .slice(1)
      .map((after, index) =>
        creditNoteContent(invoice, { before: steps[index]!, after }, header(`CN-00000${index + 1}`)),
      );
    expect(notes[0]!.totals).toMatchObject({ totalCents: 1000, taxCents: 160 }); // 1000 × 514 / 3214 = 159.9
    expect(notes[1]!.totals.totalCents).toBe(1);
    const sum = (pick: (n: (typeof notes)[number]) => number) => notes.reduce((total, note) => total + pick(note), 0);
    expect(sum((note) => note.totals.totalCents)).toBe(invoice.totals.totalCents);
    expect(sum((note) => note.totals.taxCents)).toBe(invoice.totals.taxCents);
    expect(sum((note) => note.totals.netCents)).toBe(invoice.totals.netCents);
    expect(notes[0]!.invoice).toEqual({ number: 'INV-000001', issuedAt: invoice.issuedAt });
  });
});
