// Taxes as the pages and the server both name them. No zod here: the browser loads it. Rates are in basis points
// (hundredths of a percent: 1900 is 19 %, 2550 is 25.5 %), so every rate in the table is a whole number.

/** Where the seller collects tax (TAX_REGISTRATIONS). */
export const TAX_REGISTRATIONS = ['eu', 'eu-home', 'gb', 'no'] as const;
export type TaxRegistration = (typeof TAX_REGISTRATIONS)[number];

export const STORE_CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];

/** The 27 member states, by ISO 3166 code ('GR' for Greece, whose VAT numbers start 'EL'). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '),
);

/**
 * How a line is taxed: VAT at a rate; the reverse charge (a business buyer accounts for it); or outside the store's
 * registrations (no tax charged: a country the seller does not collect in).
 */
export type TaxTreatment = 'vat' | 'reverse-charge' | 'outside';

/** '19 %', '25.5 %'. */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
}

/** The country's English name, from the browser's or Node's own data ('DE' → 'Germany'). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The name as a sentence says it: 'the United Kingdom', 'the Netherlands', 'the United States'. */
export function countryInSentence(code: string): string {
  return ['GB', 'NL', 'US', 'AE', 'PH'].includes(code) ? `the ${countryName(code)}` : countryName(code);
}

export const TAX_MESSAGES = {
  countryMismatch: (billing: string, card: string) =>
    `Your billing address is in ${countryInSentence(billing)} but your card was issued in ${countryInSentence(card)}. Which country do you live in? VAT is charged by it.`,
  confirmedCountryNotOffered: 'Choose the country of your billing address or of your card.',
  countryRequired: 'Choose the country of your billing address.',
} as const;
