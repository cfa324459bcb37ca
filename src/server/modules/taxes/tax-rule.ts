import { EU_COUNTRIES, type TaxRegistration, type TaxTreatment } from '#shared/taxes/taxes.ts';
import { STANDARD_VAT_RATES_BP } from './vat-rates';

/**
 * How a sale to a country is taxed, and under which registration:
 * - `oss`: an EU consumer in another member state than the seller's, at their country's rate (the One-Stop Shop);
 * - `domestic`: a consumer in the seller's own country, at its rate (the seller's national return);
 * - `eu-home`: an EU seller under the €10,000 threshold charges its own rate to every EU consumer;
 * - `gb`, `no`: the UK's and Norway's schemes for foreign sellers of digital services.
 */
export type TaxScheme = 'oss' | 'domestic' | 'eu-home' | 'gb' | 'no';

export type TaxRule =
  | { treatment: 'vat'; scheme: TaxScheme; rateBp: number; country: string }
  | { treatment: 'reverse-charge'; scheme: TaxScheme; rateBp: 0; country: string }
  | { treatment: 'outside'; rateBp: 0; country: string };

export interface TaxSettings {
  registrations: ReadonlySet<TaxRegistration>;
  sellerCountry: string | null;
}

/** The registration that covers a consumer in `country`, and the rate it charges; null when none does. */
function vatFor(settings: TaxSettings, country: string): { scheme: TaxScheme; rateBp: number } | null {
  const { registrations, sellerCountry } = settings;
  const rateOf = (code: string) => STANDARD_VAT_RATES_BP[code]!;
  if (EU_COUNTRIES.has(country)) {
    if (registrations.has('eu-home') && sellerCountry) return { scheme: 'eu-home', rateBp: rateOf(sellerCountry) };
    if (registrations.has('eu'))
      return { scheme: country === sellerCountry ? 'domestic' : 'oss', rateBp: rateOf(country) };
    return null;
  }
  if (country === 'GB' && registrations.has('gb')) return { scheme: 'gb', rateBp: rateOf('GB') };
  if (country === 'NO' && registrations.has('no')) return { scheme: 'no', rateBp: rateOf('NO') };
  return null;
}

/**
 * The tax a sale to `country` carries. A business buyer whose VAT number earned the reverse charge pays none where
 * the store would charge VAT (the invoice says the buyer accounts for it); outside the store's registrations nothing
 * is charged.
 */
export function taxRuleFor(settings: TaxSettings, country: string, reverseCharge: boolean): TaxRule {
  const vat = vatFor(settings, country);
  if (!vat) return { treatment: 'outside', rateBp: 0, country };
  if (reverseCharge) return { treatment: 'reverse-charge', scheme: vat.scheme, rateBp: 0, country };
  return { treatment: 'vat', scheme: vat.scheme, rateBp: vat.rateBp, country };
}

export type { TaxTreatment };
