import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesTestServer, type ViesTestServer } from '#test-support/vies-test-server.ts';
import type { TaxRegistration } from '#shared/taxes/taxes.ts';
import { BUSINESS_BUYER_NOTICES, decideBusinessBuyer, type BusinessBuyer } from './business-buyer';
import { VAT_NUMBER_PROBLEMS } from './vat-number';

interface Case {
  name: string;
  vatNumber: string | null | undefined;
  sellerCountry?: string | null;
  registrations?: TaxRegistration[];
  /** false: the decision is made without VIES (VIES_URL unset). */
  vies?: boolean;
  expected: BusinessBuyer;
  /** What the decision asks VIES, if anything. */
  asks?: { countryCode: string; vatNumber: string };
}

// The French number the VIES test server knows, and what the decision makes of it.
const FRENCH_BY_VIES = {
  expected: {
    kind: 'reverse-charge',
    country: 'FR',
    vatNumber: 'FR40303265045',
    verifiedBy: 'vies',
    viesName: 'SA ODIGEO',
  },
  asks: { countryCode: 'FR', vatNumber: '40303265045' },
} satisfies Pick<Case, 'expected' | 'asks'>;

// The seller is in Germany and registered everywhere, unless a case says otherwise.
const CASES: Case[] = [
  { name: 'no number', vatNumber: null, expected: { kind: 'consumer', notice: null } },
  { name: 'no number (undefined)', vatNumber: undefined, expected: { kind: 'consumer', notice: null } },
  { name: 'an empty field', vatNumber: '   ', expected: { kind: 'consumer', notice: null } },
  {
    name: 'a wrong check digit',
    vatNumber: 'FR40303265046',
    expected: { kind: 'refused', problem: 'This is not a valid VAT number for France.' },
  },
  {
    name: 'no country code',
    vatNumber: '40303265045',
    expected: { kind: 'refused', problem: VAT_NUMBER_PROBLEMS.needsCountryCode },
  },
  {
    name: 'a French number VIES knows',
    vatNumber: 'fr 40 303 265 045',
    ...FRENCH_BY_VIES,
  },
  {
    name: 'a French number under the EU home-rate registration',
    vatNumber: 'FR40303265045',
    registrations: ['eu-home'],
    ...FRENCH_BY_VIES,
  },
  {
    name: 'a Greek number, asked of VIES as EL',
    vatNumber: 'GR094259216',
    expected: { kind: 'reverse-charge', country: 'GR', vatNumber: 'EL094259216', verifiedBy: 'vies', viesName: null },
    asks: { countryCode: 'EL', vatNumber: '094259216' },
  },
  {
    name: 'a well-formed number VIES does not know',
    vatNumber: 'ATU13585627',
    expected: { kind: 'consumer', notice: BUSINESS_BUYER_NOTICES.viesInvalid },
    asks: { countryCode: 'AT', vatNumber: 'U13585627' },
  },
  {
    name: 'a number from a member state whose register is down',
    vatNumber: 'ESB58378431',
    expected: { kind: 'consumer', notice: BUSINESS_BUYER_NOTICES.viesUnavailable },
    asks: { countryCode: 'ES', vatNumber: 'B58378431' },
  },
  {
    name: "a number from the seller's own country",
    vatNumber: 'DE136695976',
    expected: {
      kind: 'consumer',
      notice: 'A VAT number from Germany does not change the VAT on a sale within Germany.',
    },
  },
  {
    name: 'a Greek number from a Greek seller',
    vatNumber: 'EL094259216',
    sellerCountry: 'GR',
    expected: { kind: 'consumer', notice: 'A VAT number from Greece does not change the VAT on a sale within Greece.' },
  },
  {
    name: 'a French number with VIES switched off',
    vatNumber: 'FR40303265045',
    vies: false,
    expected: { kind: 'reverse-charge', country: 'FR', vatNumber: 'FR40303265045', verifiedBy: 'format' },
  },
  {
    name: 'an EU number where the store is registered in the UK and Norway only',
    vatNumber: 'FR40303265045',
    registrations: ['gb', 'no'],
    expected: { kind: 'consumer', notice: null },
  },
  {
    name: 'an EU number from a seller outside the EU',
    vatNumber: 'FR40303265045',
    sellerCountry: 'US',
    registrations: ['eu'],
    ...FRENCH_BY_VIES,
  },
  {
    name: 'an EU number from a seller of unknown country',
    vatNumber: 'DE136695976',
    sellerCountry: null,
    expected: { kind: 'reverse-charge', country: 'DE', vatNumber: 'DE136695976', verifiedBy: 'vies', viesName: null },
    asks: { countryCode: 'DE', vatNumber: '136695976' },
  },
  {
    name: 'a British number',
    vatNumber: 'GB 980 7806 84',
    expected: { kind: 'reverse-charge', country: 'GB', vatNumber: 'GB980780684', verifiedBy: 'format' },
  },
  {
    name: 'a British number from a British seller',
    vatNumber: 'GB980780684',
    sellerCountry: 'gb',
    expected: {
      kind: 'consumer',
      notice: 'A VAT number from the United Kingdom does not change the VAT on a sale within the United Kingdom.',
    },
  },
  {
    name: 'a British number where the store is not registered in the UK',
    vatNumber: 'GB980780684',
    registrations: ['eu', 'no'],
    expected: { kind: 'consumer', notice: null },
  },
  {
    name: 'a British number with a wrong check digit',
    vatNumber: 'GB980780685',
    registrations: ['eu'],
    expected: { kind: 'refused', problem: 'This is not a valid VAT number for the United Kingdom.' },
  },
  {
    name: 'a Norwegian number',
    vatNumber: '995525828MVA',
    expected: { kind: 'reverse-charge', country: 'NO', vatNumber: 'NO995525828MVA', verifiedBy: 'format' },
  },
  {
    name: 'a Norwegian number from a Norwegian seller',
    vatNumber: 'NO995525828MVA',
    sellerCountry: 'NO',
    registrations: ['no'],
    expected: { kind: 'consumer', notice: 'A VAT number from Norway does not change the VAT on a sale within Norway.' },
  },
  {
    name: 'a Norwegian number where the store is not registered in Norway',
    vatNumber: 'NO995525828MVA',
    registrations: ['eu', 'gb'],
    expected: { kind: 'consumer', notice: null },
  },
];

describe('decideBusinessBuyer', () => {
  let vies: ViesTestServer;

  beforeAll(async () => {
    vies = await startViesTestServer({
      valid: ['FR40303265045', 'EL094259216', 'DE136695976'],
      unavailable: ['ES'],
      traders: { FR40303265045: { name: 'SA ODIGEO', address: '1 RUE DES TESTS, PARIS' } },
    });
  });
  afterAll(() => vies.close());

  it.each(CASES)('$name', async (c) => {
    const asked = vies.requests.length;
    const decision = await decideBusinessBuyer({
      vatNumber: c.vatNumber,
      sellerCountry: c.sellerCountry === undefined ? 'DE' : c.sellerCountry,
      registrations: new Set(c.registrations ?? ['eu', 'gb', 'no']),
      viesUrl: c.vies === false ? undefined : vies.url,
    });
    expect(decision).toEqual(c.expected);
    expect(vies.requests.slice(asked)).toEqual(c.asks ? [c.asks] : []);
  });

  it('charges VAT while VIES is down, and stops once it is back', async () => {
    const decide = () =>
      decideBusinessBuyer({
        vatNumber: 'FR40303265045',
        sellerCountry: 'DE',
        registrations: new Set(['eu']),
        viesUrl: vies.url,
      });
    vies.setDown(true);
    try {
      expect(await decide()).toEqual({ kind: 'consumer', notice: BUSINESS_BUYER_NOTICES.viesUnavailable });
    } finally {
      vies.setDown(false);
    }
    expect(await decide()).toMatchObject({ kind: 'reverse-charge', verifiedBy: 'vies' });
  });
});
