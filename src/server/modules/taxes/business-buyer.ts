// What a business buyer's VAT number does to a sale. A business in another country than the seller's, with a valid
// number, accounts for the VAT itself (the reverse charge): the seller charges none. Anything short of that leaves
// the buyer a consumer, who pays VAT, with a sentence saying why when they gave a number.
import type { TaxRegistration } from '#shared/taxes/taxes.ts';
import { checkVatNumberFormat, vatCountryName, type VatNumberScheme } from './vat-number';
import type { ViesCache } from './vies-cache';
import { checkWithVies } from './vies-client';

export type BusinessBuyer =
  | {
      kind: 'reverse-charge';
      country: string;
      /** Normalized, as invoices print it: 'EL094259216'. */
      vatNumber: string;
      /**
       * 'vies': the EU's register knows it today; 'format': format and check digits only (UK, Norway, and EU numbers
       * outside production while VIES_URL is unset: a live shop always has a VIES URL, tax-config.ts).
       */
      verifiedBy: 'vies' | 'format';
      /** The trader's name in VIES, null where the member state keeps it back. */
      viesName?: string | null;
    }
  | { kind: 'consumer'; notice: string | null }
  | { kind: 'refused'; problem: string };

export const BUSINESS_BUYER_NOTICES = {
  sameCountry: (country: string) =>
    `A VAT number from ${vatCountryName(country)} does not change the VAT on a sale within ${vatCountryName(country)}.`,
  viesInvalid: 'The EU VAT check (VIES) does not know this VAT number, so VAT is charged.',
  // Said for an outage, a timeout or an error alike: what the buyer needs is that the number was not checked.
  viesUnavailable:
    'Your VAT number could not be checked with the EU VAT check (VIES) right now, so VAT is charged. Try again in a few minutes to buy without VAT.',
} as const;

const REGISTRATIONS_BY_SCHEME: Readonly<Record<VatNumberScheme, readonly TaxRegistration[]>> = {
  eu: ['eu', 'eu-home'],
  gb: ['gb'],
  no: ['no'],
};

export async function decideBusinessBuyer(input: {
  vatNumber: string | null | undefined;
  sellerCountry: string | null;
  registrations: ReadonlySet<TaxRegistration>;
  viesUrl: string | undefined;
  /** The instance's kept answers; without it VIES is asked every time. */
  viesCache?: ViesCache | undefined;
}): Promise<BusinessBuyer> {
  const raw = input.vatNumber?.trim() ?? '';
  if (raw === '') return { kind: 'consumer', notice: null };

  const number = checkVatNumberFormat(raw);
  if (!number.ok) return { kind: 'refused', problem: number.problem };
  // Where the store is not registered it charges no tax at all: the number changes nothing, and needs no word.
  if (!REGISTRATIONS_BY_SCHEME[number.scheme].some((registration) => input.registrations.has(registration))) {
    return { kind: 'consumer', notice: null };
  }
  // A sale within one country is taxed there, business buyer or not.
  if (input.sellerCountry?.toUpperCase() === number.country) {
    return { kind: 'consumer', notice: BUSINESS_BUYER_NOTICES.sameCountry(number.country) };
  }

  const reverseCharge = { kind: 'reverse-charge', country: number.country, vatNumber: number.normalized } as const;
  // VIES covers the EU only; the UK's check needs an HMRC account, Norway has none open to all.
  if (number.scheme !== 'eu' || !input.viesUrl) return { ...reverseCharge, verifiedBy: 'format' };

  // VIES takes the prefix as printed ('EL' for Greece), not the ISO code.
  const asked = { country: number.normalized.slice(0, 2), localNumber: number.localNumber };
  const vies = await (input.viesCache
    ? input.viesCache.check(input.viesUrl, asked)
    : checkWithVies(input.viesUrl, asked));
  switch (vies.status) {
    case 'valid':
      return { ...reverseCharge, verifiedBy: 'vies', viesName: vies.name };
    case 'invalid':
      return { kind: 'consumer', notice: BUSINESS_BUYER_NOTICES.viesInvalid };
    case 'unavailable':
      // Charging VAT is the safe side: a seller who drops it on an unchecked number owes it themselves.
      return { kind: 'consumer', notice: BUSINESS_BUYER_NOTICES.viesUnavailable };
  }
}
